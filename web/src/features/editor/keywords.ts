/**
 * Spec §5 keywords: split on commas with blanks dropped, each trimmed, ignored when empty or already
 * present. Returns the new list (the same array when nothing was added).
 */
export function addKeywords(existing: readonly string[], input: string): readonly string[] {
  const next = [...existing];
  for (const part of input.split(',')) {
    const keyword = part.trim();
    if (keyword && !next.includes(keyword)) next.push(keyword);
  }
  return next.length === existing.length ? existing : next;
}

/**
 * Typing a comma adds what came before it; the text after the last comma stays in the field.
 */
export function splitAtLastComma(value: string): { complete: string; rest: string } {
  const at = value.lastIndexOf(',');
  if (at < 0) return { complete: '', rest: value };
  return { complete: value.slice(0, at), rest: value.slice(at + 1).trimStart() };
}

import { uniqueKeywords } from '@bookwright/contracts/text';

/**
 * Spec §5 keywords: split on commas with blanks dropped, each trimmed, ignored when empty or already
 * present ignoring case and surrounding space (uniqueKeywords, as the server stores them). Returns the new
 * list (the same array when nothing was added).
 */
export function addKeywords(existing: readonly string[], input: string): readonly string[] {
  const added = uniqueKeywords([...existing, ...input.split(',')]).slice(uniqueKeywords(existing).length);
  return added.length === 0 ? existing : [...existing, ...added];
}

/**
 * Typing a comma adds what came before it; the text after the last comma stays in the field.
 */
export function splitAtLastComma(value: string): { complete: string; rest: string } {
  const at = value.lastIndexOf(',');
  if (at < 0) return { complete: '', rest: value };
  return { complete: value.slice(0, at), rest: value.slice(at + 1).trimStart() };
}

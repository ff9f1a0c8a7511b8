/** The form in which two chips count as the same: trimmed, inner white space as one space, case-folded. */
function keywordKey(keyword: string): string {
  return keyword.trim().replace(/\s+/gu, ' ').normalize('NFC').toLocaleLowerCase('und');
}

/**
 * Keywords, theme chips and EPUB subjects without duplicates: "Leuchtturm" and " leuchtturm " are one chip.
 * Each kept chip is trimmed; the first spelling wins and the order is kept, so the author's choice stays.
 * Empty chips are dropped.
 */
export function uniqueKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const keyword of keywords) {
    const key = keywordKey(keyword);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword.trim());
  }
  return kept;
}

/** True when `keyword` is already among `keywords` as uniqueKeywords() counts them. */
export function hasKeyword(keywords: readonly string[], keyword: string): boolean {
  const key = keywordKey(keyword);
  return keywords.some((existing) => keywordKey(existing) === key);
}

/**
 * The word count of a manuscript's title page, rounded as agents and editors expect it (the standard
 * manuscript format's rule): a novel-length text to the nearest thousand, a shorter one to the nearest
 * hundred, never rounded down to nothing. "about 82,000 words".
 */
export function roundedWordCount(words: number): number {
  if (words <= 0) return 0;
  const step = words >= 10_000 ? 1_000 : 100;
  return Math.max(step, Math.round(words / step) * step);
}

/** The title page's line: "about 82,000 words" (English, as the format is). */
export function wordCountLine(words: number): string {
  const rounded = roundedWordCount(words);
  return rounded === 0 ? 'no words yet' : `about ${rounded.toLocaleString('en-US')} words`;
}

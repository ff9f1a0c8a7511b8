import type { CommentAnchor } from '../../http/books/comments';

/*
 * Where a comment's quote is (issue 44): its anchor is a W3C TextQuoteSelector (quote, prefix, suffix) with
 * the chapter it is in. One rule for the book service (over the stored chapters: "on deleted text") and the
 * editor (over the live document: the highlight of a thread without a mark), so both say the same.
 */

/**
 * Text as anchors compare it: NFC, without whitespace. A selection in the editor and the stored text may
 * join paragraphs, line breaks and list items differently; words never differ.
 */
export const comparableText = (text: string): string => text.normalize('NFC').replace(/\s+/gu, '');

/** How many characters at the end of `a` and `b` are the same. */
function sameEnding(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

/** How many characters at the start of `a` and `b` are the same. */
function sameStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * Where the anchor's quote is in `haystack` (a chapter's text already in comparable form), as an offset in
 * it: of its occurrences, the one whose surroundings agree most with the anchor's prefix and suffix. The
 * context only chooses between occurrences: a quote whose neighbours were rewritten is still there.
 * Undefined when it occurs nowhere.
 */
export function quoteOffset(anchor: CommentAnchor, haystack: string): number | undefined {
  const quote = comparableText(anchor.quote);
  if (quote.length === 0) return undefined;
  const prefix = comparableText(anchor.prefix ?? '');
  const suffix = comparableText(anchor.suffix ?? '');
  let best: number | undefined;
  let bestScore = -1;
  for (let at = haystack.indexOf(quote); at !== -1; at = haystack.indexOf(quote, at + 1)) {
    const before = haystack.slice(Math.max(0, at - prefix.length), at);
    const after = haystack.slice(at + quote.length, at + quote.length + suffix.length);
    const score = sameEnding(before, prefix) + sameStart(after, suffix);
    if (score > bestScore) [best, bestScore] = [at, score];
    if (score === prefix.length + suffix.length) break;
  }
  return best;
}

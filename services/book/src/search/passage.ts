import {
  bookSearchLimits,
  documentText,
  isChapterHeading,
  type ManuscriptMatch,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { foldForSearch } from '@bookwright/contracts/text';
import { chapterText } from '../domain/stored-manuscript';

const ellipsis = '…';
const spaces = /\s+/g;

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Moves `at` to the nearest word boundary toward `limit`; in a text without spaces within the context's
 * reach (Japanese, say), keeps `at`, moved off the middle of a surrogate pair.
 */
function snapToWord(text: string, at: number, step: 1 | -1, limit: number): number {
  for (let i = at; step === 1 ? i < limit : i > limit; i += step) {
    if (/\s/.test(text[step === 1 ? i : i - 1] ?? '')) return i;
  }
  return isLowSurrogate(text.charCodeAt(at)) ? at + step : at;
}

/**
 * The text around the first place `folded` (a query through `foldForSearch`) occurs in `text`: up to
 * `passageContext` characters on each side, cut between words, on one line (each run of spaces and line
 * breaks one space), with an ellipsis where the text goes on. Offsets are the match's in the passage.
 * Undefined when the text does not hold it.
 */
export function passageAround(
  text: string,
  folded: string,
): Pick<ManuscriptMatch, 'passage' | 'start' | 'end'> | undefined {
  const at = foldForSearch(text).indexOf(folded);
  if (at < 0) return undefined;
  const context = bookSearchLimits.passageContext;
  const stop = at + folded.length;
  const from = at <= context ? 0 : snapToWord(text, at - context, 1, at);
  const to = stop + context >= text.length ? text.length : snapToWord(text, stop + context, -1, stop);
  const before = `${from > 0 ? ellipsis : ''}${text.slice(from, at).replace(spaces, ' ').trimStart()}`;
  const match = text.slice(at, stop).replace(spaces, ' ');
  const after = `${text.slice(stop, to).replace(spaces, ' ').trimEnd()}${to < text.length ? ellipsis : ''}`;
  return { passage: `${before}${match}${after}`, start: before.length, end: before.length + match.length };
}

/** One chapter's match: its heading's text and the passage around the query's first occurrence. */
export function chapterMatch(chapter: number, nodes: TiptapNode[], folded: string): ManuscriptMatch | undefined {
  const found = passageAround(chapterText(nodes), folded);
  if (!found) return undefined;
  const heading = nodes[0] && isChapterHeading(nodes[0]) ? documentText(nodes[0]).trim() : null;
  return { chapter, chapterTitle: heading === '' ? null : heading, ...found };
}

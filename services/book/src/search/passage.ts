import {
  bookSearchLimits,
  documentText,
  foldForSearch,
  isChapterHeading,
  type ManuscriptMatch,
  type TiptapNode,
} from '@bookwright/contracts';
import { chapterText } from '../domain/stored-manuscript';

const ellipsis = '…';
const lineBreaks = /\s/g;

/** Moves `at` to the nearest word boundary toward `toward`, unless none is within the context's reach. */
function snapToWord(text: string, at: number, step: 1 | -1, limit: number): number {
  for (let i = at; step === 1 ? i < limit : i > limit; i += step) {
    if (text[step === 1 ? i : i - 1] === ' ') return i;
  }
  return at;
}

/**
 * The text around the first place `folded` (a query through `foldForSearch`) occurs in `text`: up to
 * `passageContext` characters on each side, cut between words, on one line, with an ellipsis where the
 * text goes on. Offsets are the match's in the passage. Undefined when the text does not hold it.
 */
export function passageAround(
  text: string,
  folded: string,
): Pick<ManuscriptMatch, 'passage' | 'start' | 'end'> | undefined {
  const at = foldForSearch(text).indexOf(folded);
  if (at < 0) return undefined;
  const context = bookSearchLimits.passageContext;
  const oneLine = text.replace(lineBreaks, ' ');
  const from = at <= context ? 0 : snapToWord(oneLine, at - context, 1, at);
  const to =
    at + folded.length + context >= text.length
      ? text.length
      : snapToWord(oneLine, at + folded.length + context, -1, at + folded.length);
  const before = from > 0 ? ellipsis : '';
  const passage = `${before}${oneLine.slice(from, to).trim()}${to < text.length ? ellipsis : ''}`;
  const lead = oneLine.slice(from, to).length - oneLine.slice(from, to).trimStart().length;
  const start = before.length + at - from - lead;
  return { passage, start, end: start + folded.length };
}

/** One chapter's match: its heading's text and the passage around the query's first occurrence. */
export function chapterMatch(chapter: number, nodes: TiptapNode[], folded: string): ManuscriptMatch | undefined {
  const found = passageAround(chapterText(nodes), folded);
  if (!found) return undefined;
  const heading = nodes[0] && isChapterHeading(nodes[0]) ? documentText(nodes[0]).trim() : null;
  return { chapter, chapterTitle: heading === '' ? null : heading, ...found };
}

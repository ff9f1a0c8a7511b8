/**
 * The one place text is cut. Lengths are UTF-16 code units (what zod's `.max()` and the database limits
 * count), but a cut never falls inside a grapheme: never between the halves of a surrogate pair (a lone
 * surrogate makes PostgreSQL reject a JSON document), nor between a letter and its combining mark, nor
 * inside an emoji sequence or a flag.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// A grapheme boundary depends on the text before it and on the code point right after it, so segmenting a
// prefix that reaches a little past the cut gives the same boundaries as segmenting the whole text.
const LOOKAHEAD = 32;

/** The longest prefix of `text` that is at most `max` code units long and ends on a grapheme boundary. */
export function cutAtGrapheme(text: string, max: number): string {
  return text.slice(0, graphemeCut(text, max).end);
}

/** Where a cut at `max` code units falls, and where the last whitespace grapheme before it starts. */
function graphemeCut(text: string, max: number): { end: number; lastSpace: number } {
  if (text.length <= max) return { end: text.length, lastSpace: -1 };
  let end = 0;
  let lastSpace = -1;
  if (max <= 0) return { end, lastSpace };
  for (const { index, segment } of graphemes.segment(text.slice(0, max + LOOKAHEAD))) {
    if (index + segment.length > max) break;
    if (/^\s+$/u.test(segment)) lastSpace = index;
    end = index + segment.length;
  }
  return { end, lastSpace };
}

/** The longest suffix of `text` that is at most `max` code units long and starts on a grapheme boundary. */
export function tailAtGrapheme(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  const from = text.length - max;
  // A line feed always ends a grapheme (UAX #29, GB4), so segmenting from just after the last one before
  // the cut gives the same boundaries as segmenting the whole text, without walking a whole chapter.
  const start = text.lastIndexOf('\n', from - 1) + 1;
  for (const { index } of graphemes.segment(text.slice(start))) {
    if (start + index >= from) return text.slice(start + index);
  }
  return '';
}

export interface TruncateOptions {
  /** Appended when the text was cut; counted in `max`. */
  ellipsis?: string;
  /**
   * Prefer ending at the last space when it lies past this share of `max` (0.5 = the second half), so a
   * word is not broken when a whole one fits; 1 never looks for a space.
   */
  wordBoundaryAfter?: number;
}

/**
 * `text` shortened to at most `max` code units: unchanged when it fits, else cut on a grapheme boundary
 * (at a space when one is near the end), trailing spaces removed, and the ellipsis added.
 */
export function truncateText(text: string, max: number, options: TruncateOptions = {}): string {
  if (text.length <= max) return text;
  const ellipsis = options.ellipsis ?? '…';
  const room = max - ellipsis.length;
  if (room <= 0) return cutAtGrapheme(ellipsis, max);
  const { end, lastSpace } = graphemeCut(text, room);
  const cut = text.slice(0, lastSpace > room * (options.wordBoundaryAfter ?? 0.5) ? lastSpace : end);
  return `${cut.trimEnd()}${ellipsis}`;
}

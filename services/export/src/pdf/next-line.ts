import { widthOfText, type Inline, type Line } from './layout-lines';
import { expandWord, type PartedInline } from './word-parts';

/**
 * pdfmake 0.3's `LayoutBuilder.buildNextLine` (first fit of a paragraph's pending inlines into one line),
 * with the same decisions, minus one cost: pdfmake passes `pending.slice(1)` to `hasEnoughSpaceForInline`
 * for every inline it places, copying the rest of the paragraph each time (quadratic in the paragraph's
 * inlines, and most of a hyphenated paragraph's garbage, since every part-word is an inline). The rest is
 * read only after an inline marked `noNewLine`, so here it is read in place.
 */
export interface PendingText {
  _inlines?: Inline[];
}

interface BreakableInline extends Inline {
  noWrap?: boolean;
  noNewLine?: boolean;
}

export function buildNextLine(
  pending: PendingText,
  availableWidth: number,
  LineClass: new (maxWidth: number) => Line,
): Line | null {
  const inlines = pending._inlines as BreakableInline[] | undefined;
  if (!inlines || inlines.length === 0) return null;
  const line = new LineClass(availableWidth) as Line & { newLineForced?: boolean };
  let forceContinue = false;
  while (inlines.length > 0) {
    const head = inlines[0] as PartedInline;
    if (head.hyphenParts && !placesWhole(line, head)) splitsWord(inlines, 0);
    if (!forceContinue && !hasRoomFor(line, inlines)) break;
    let hardWrap = false;
    const inline = inlines.shift() as BreakableInline & PartedInline;
    const room = availableWidth - lineWidth(line);
    if (!inline.hyphenParts && !inline.noWrap && inline.text.length > 1 && inline.width > room) {
      const fit = longestFittingPrefix(inline, room);
      if (fit < inline.text.length) {
        // pdfmake clones with `inline.constructor()` and copies the enumerable keys: the same plain object.
        const rest: BreakableInline = { ...inline, text: inline.text.substring(fit) };
        inline.text = inline.text.substring(0, fit);
        rest.width = widthOfText(rest.text, rest);
        inline.width = widthOfText(inline.text, inline);
        inlines.unshift(rest);
        hardWrap = true;
      }
    }
    line.addInline(inline);
    forceContinue = inline.noNewLine === true && !hardWrap;
  }
  line.lastLineInParagraph = inlines.length === 0;
  return line;
}

/**
 * Replaces a whole hyphenated word (word-parts.ts) at `index` by its parts, where the line builder must
 * look at them one by one; false when there is no such word there.
 */
export function splitsWord(pending: Inline[], index: number): boolean {
  const word = pending[index] as PartedInline | undefined;
  if (!word?.hyphenParts) return false;
  pending.splice(index, 1, ...expandWord(word));
  return true;
}

/**
 * Whether pdfmake, given the parts of a hyphenated word, would have placed them all on this line and cut
 * none of them: the word fits with its trailing space (the last part is cut at the line's width when only
 * its letters fit), and on an empty line its first part fits too. Otherwise the parts are placed one by one.
 */
function placesWhole(line: Line, word: PartedInline): boolean {
  const fields = line as unknown as { inlineWidths: number; leadingCut: number };
  const empty = line.inlines.length === 0;
  const leadingCut = empty ? word.leadingCut || 0 : fields.leadingCut;
  if (fields.inlineWidths + word.width - leadingCut > line.maxWidth) return false;
  return !empty || (word.hyphenParts?.widths[0] ?? 0) <= line.maxWidth;
}

/** pdfmake's `Line.hasEnoughSpaceForInline(pending[0], pending.slice(1))`, reading `pending` in place. */
function hasRoomFor(line: Line & { newLineForced?: boolean }, pending: BreakableInline[]): boolean {
  if (line.inlines.length === 0) return true;
  if (line.newLineForced) return false;
  const inline = pending[0] as BreakableInline;
  let width = inline.width;
  let trailingCut = inline.trailingCut || 0;
  if (inline.noNewLine) {
    for (let i = 1; i < pending.length; i += 1) {
      const next = pending[i] as BreakableInline;
      width += next.width;
      trailingCut += next.trailingCut || 0;
      if (!next.noNewLine) break;
    }
  }
  const fields = line as unknown as { inlineWidths: number; leadingCut: number };
  return fields.inlineWidths + width - fields.leadingCut - trailingCut <= line.maxWidth;
}

/** pdfmake's `Line.getWidth()`. */
function lineWidth(line: Line): number {
  const fields = line as unknown as { inlineWidths: number; leadingCut: number; trailingCut: number };
  return fields.inlineWidths - fields.leadingCut - fields.trailingCut;
}

/** pdfmake's `findMaxFitLength`: the longest prefix (at least one character) no wider than `maxWidth`. */
function longestFittingPrefix(inline: Inline, maxWidth: number): number {
  let low = 1;
  let high = inline.text.length;
  let best = 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    if (widthOfText(inline.text.substring(0, mid), inline) <= maxWidth) {
      best = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best;
}

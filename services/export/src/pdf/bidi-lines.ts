import { mirrored, reversedByShaper, visualOrder } from '../fonts';
import type { Inline, Line } from './layout-lines';

/**
 * The last steps of the Unicode bidi algorithm (rules L1 and L2), on a line pdfmake has just broken: its
 * inlines (words and runs, each with the level text-runs.ts gave it) go from logical to visual order,
 * left to right, which is the only order pdfmake draws in. Within a right-to-left word fontkit draws the
 * glyphs from right to left (and joins Arabic letters); a right-to-left piece without Hebrew or Arabic
 * letters (a bracket, a dash between two quotations) is reversed here and its brackets mirrored.
 *
 * A paragraph whose first letter is Hebrew or Arabic (base level 1) reads from the right: its lines are
 * reordered from the right, its first-line indent stands on the right and its short lines align right.
 */
export function reorderLine(line: Line, rebuild: (line: Line, inlines: Inline[]) => Line): Line {
  let bidi = false;
  let base = 0;
  for (const inline of line.inlines) {
    if (typeof inline.bidiLevel !== 'number') continue;
    bidi = true;
    base = Math.max(base, Number(inline.bidiBase ?? 0));
  }
  if (!bidi) return line;
  const levelOf = (inline: Inline): number => (typeof inline.bidiLevel === 'number' ? inline.bidiLevel : base);
  if (base === 0 && line.inlines.every((inline) => levelOf(inline) === 0)) return line;

  const logical = line.inlines.map((inline) => ({ ...inline }));
  // L1: the space that ends a line belongs to the paragraph's level, at the line's end, where it is not
  // drawn; left in a right-to-left word it would be drawn at the word's left, inside the line.
  const last = logical.at(-1);
  if (last && (levelOf(last) % 2 === 1 || base === 1) && (last.trailingCut ?? 0) > 0) {
    last.text = last.text.trimEnd();
    last.width -= last.trailingCut ?? 0;
    last.trailingCut = 0;
  }
  const first = logical[0];
  const indent = base === 1 && first && (first.leadingCut ?? 0) < 0 ? -(first.leadingCut ?? 0) : 0;
  if (first && indent > 0) first.leadingCut = 0;
  for (const inline of logical) {
    if (levelOf(inline) % 2 === 0) continue;
    if (!reversedByShaper(inline.text)) inline.text = [...inline.text].reverse().map(mirrored).join('');
    // Drawn from right to left, the word's trailing space stands at its left, its leading one at its right.
    const leading = inline.leadingCut ?? 0;
    inline.leadingCut = Math.max(0, inline.trailingCut ?? 0);
    inline.trailingCut = Math.max(0, leading);
  }
  const visual = visualOrder(logical, levelOf);
  const right = visual.at(-1);
  // pdfmake sets a first-line indent as a negative cut before the line; from the right it is one after it.
  if (right && indent > 0) right.trailingCut = (right.trailingCut ?? 0) - indent;
  const start = visual[0];
  if (start && base === 1) {
    const lastLine = line.lastLineInParagraph === true || line.newLineForced === true;
    if (start.alignment === 'left' || (start.alignment === 'justify' && lastLine)) start.alignment = 'right';
  }
  return rebuild(line, visual);
}

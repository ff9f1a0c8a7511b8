import { createRequire } from 'node:module';
import { reorderLine } from './bidi-lines';
import { widthOfText, type Inline, type Line } from './layout-lines';
import { buildNextLine as firstFitLine, splitsWord } from './next-line';
import type { HyphenatedNode } from './hyphenate';
import { markWordParts, type PartedInline } from './word-parts';

/**
 * Two things pdfmake 0.3 does not do, added to its line and page breaking (its LayoutBuilder), because
 * neither can be had from outside a layout without a second one:
 *
 * - **Soft hyphens.** pdfmake breaks after U+00AD (it is a break opportunity in UAX #14) but then prints
 *   the character everywhere and justifies the gap between the halves of the word. Here a soft hyphen is
 *   invisible and takes no room inside a line; at a line end it prints as a hyphen. A line never becomes
 *   the third in a row to end with a hyphen: the part-word goes back to the next line.
 * - **Widows and orphans.** A text node marked `keepLines: true` never leaves its first line alone at the
 *   foot of a page nor its last line alone at the head of the next: the page breaks one line earlier (or
 *   before the paragraph), leaving that page one line short, as books do.
 *
 * Both run inside pdfmake's single layout pass, so they cost next to nothing. They lean on pdfmake
 * internals (`buildNextLine`, `processLeaf`); `installKeepLines` refuses to run on a pdfmake without them,
 * and keep-lines.test.ts checks the behaviour on real layouts.
 */

/** Set on a pdfmake text node to keep its first two and last two lines together across a page break. */
export interface KeepLinesNode {
  keepLines?: boolean;
}

interface TextNode extends KeepLinesNode, HyphenatedNode {
  _inlines?: Inline[];
  _hyphenRun?: number;
}

interface Context {
  page?: number;
  availableHeight: number;
  y: number;
  pageMargins: { top: number };
}

interface LayoutBuilder {
  writer: { context(): Context & { availableWidth: number }; moveToNextPage(orientation?: unknown): void };
  buildNextLine(node: TextNode): Line | null;
  processLeaf(node: TextNode & { pageOrientation?: unknown }): void;
}

const softHyphen = '\u00ad';
/** A line may end with a hyphen at most this many times in a row. */
const maxHyphenRun = 2;
const styleKeys = ['font', 'fontSize', 'fontFeatures', 'characterSpacing', 'color', 'decoration', 'sup', 'sub', 'link'];

let installed = false;
/** Per layout: the height each verso gave up to keep lines together (page number → points). */
const shortVersos = new WeakMap<object, Map<number, number>>();

export function installKeepLines(): void {
  if (installed) return;
  const require = createRequire(import.meta.url);
  const builder = (require('pdfmake/js/LayoutBuilder') as { default: { prototype: LayoutBuilder } }).default;
  const LineClass = (require('pdfmake/js/Line') as { default: new (maxWidth: number) => Line }).default;
  const proto = builder.prototype;
  if (typeof proto.buildNextLine !== 'function' || typeof proto.processLeaf !== 'function') {
    throw new Error('This pdfmake has no buildNextLine/processLeaf: soft hyphens and keep-lines cannot be set up');
  }
  const processLeaf = proto.processLeaf;
  const prepared = new WeakSet<Inline[]>();

  const rebuild = (line: Line, inlines: Inline[]): Line => {
    const next = new LineClass(line.maxWidth);
    for (const inline of inlines) next.addInline(inline);
    next.lastLineInParagraph = line.lastLineInParagraph;
    return next;
  };

  proto.buildNextLine = function buildWithSoftHyphens(this: LayoutBuilder, node: TextNode): Line | null {
    const pending = node._inlines;
    if (pending && !prepared.has(pending)) {
      prepared.add(pending);
      // The hyphenation pass's break points, as whole words with their parts (word-parts.ts).
      if (!markWordParts(node, pending)) delete node._hyphenated;
      for (const inline of pending) {
        if (!inline.text.endsWith(softHyphen)) continue;
        inline.text = inline.text.slice(0, -1);
        inline.width = widthOfText(inline.text, inline);
        inline.softHyphen = true;
      }
    }
    let line = firstFitLine(node, this.writer.context().availableWidth, LineClass);
    if (!line || !node._inlines) return line;
    line = shrinkToFit(line, node._inlines, rebuild);
    const run = node._hyphenRun ?? 0;
    if (endsWithHyphen(line) && run >= maxHyphenRun) line = moveLastPartWord(line, node._inlines, rebuild);
    node._hyphenRun = endsWithHyphen(line) ? run + 1 : 0;
    const drawn = track(line, joinWordParts(line.inlines));
    if (drawn !== line.inlines) line = rebuild(line, drawn);
    // Last: the bidi algorithm orders the finished line's words for drawing (bidi-lines.ts).
    return reorderLine(line, rebuild);
  };

  proto.processLeaf = function processKeepingLines(this: LayoutBuilder, node: TextNode): void {
    if (!node.keepLines) {
      processLeaf.call(this, node);
      return;
    }
    const lines: Line[] = [];
    for (let line = this.buildNextLine(node); line; line = this.buildNextLine(node)) lines.push(line);
    let served = 0;
    let breakBefore: number | undefined;
    let spreads = shortVersos.get(this);
    if (!spreads) shortVersos.set(this, (spreads = new Map()));
    const shortPages = spreads;
    // A verso that ends short for a kept line makes its recto end as short, so the spread ends level.
    const plan = (index: number): number => {
      const context = this.writer.context();
      const page = (context.page ?? 0) + 1;
      const reserve = page % 2 === 1 ? (shortPages.get(page - 1) ?? 0) : 0;
      const at = plannedBreak(lines, index, context, reserve);
      if (at !== undefined && page % 2 === 0) {
        const given = linesThatFit(lines, index, context.availableHeight) - (at - index);
        if (given > 0) shortPages.set(page, given * (lines[index]?.getHeight() ?? 0));
      }
      return at ?? Infinity;
    };
    const serve = (asked: TextNode): Line | null => {
      if (asked !== node) return proto.buildNextLine.call(this, asked);
      const index = served;
      const line = lines[index] ?? null;
      if (!line) return null;
      served += 1;
      breakBefore ??= plan(index);
      if (breakBefore === index) {
        const context = this.writer.context();
        if (context.y > context.pageMargins.top) this.writer.moveToNextPage();
        breakBefore = plan(index);
      }
      return line;
    };
    const self = this as LayoutBuilder & { buildNextLine: typeof serve };
    self.buildNextLine = serve;
    try {
      processLeaf.call(this, node);
    } finally {
      delete (self as Partial<LayoutBuilder>).buildNextLine;
    }
  };
  installed = true;
}

/**
 * Where the page must break, as a line index, for lines from `from` on placed at the current position;
 * undefined when they all fit. Lines that would be an orphan or a widow move over with their neighbour.
 */
export function plannedBreak(
  lines: { getHeight(): number }[],
  from: number,
  context: Context,
  reserve = 0,
): number | undefined {
  const fit = linesThatFit(lines, from, context.availableHeight - reserve);
  const rest = lines.length - from;
  if (fit >= rest) return undefined;
  let take = fit;
  if (from === 0 && take === 1) take = 0;
  if (rest - take === 1) take -= 1;
  if (from === 0 && take === 1) take = 0;
  // Already at the head of a page with no room to spare: breaking earlier would not help.
  if (take <= 0 && (from > 0 || context.y <= context.pageMargins.top)) take = Math.max(fit, 1);
  return from + take;
}

function linesThatFit(lines: { getHeight(): number }[], from: number, height: number): number {
  let available = height;
  let fit = 0;
  for (let i = from; i < lines.length; i += 1) {
    const line = lines[i] as { getHeight(): number };
    if (line.getHeight() > available) break;
    available -= line.getHeight();
    fit += 1;
  }
  return fit;
}

/** How far a justified line's word spaces may shrink to take one more word (TeX's shrink is a third). */
const maxShrink = 0.25;
/** A line that would otherwise be loose may shrink its spaces this far instead (still under TeX's third). */
const maxShrinkOfLooseLine = 0.3;
/** Spaces stretched past this many spaces read as a loose line (the measure's "over twice the median gap"). */
const looseStretch = 1.8;

/** How many of its natural spaces each word space of a justified line stretches to; 1 when it has none. */
function spaceStretch(inlines: Inline[], maxWidth: number): number {
  const gaps = inlines.slice(0, -1).filter((i) => (i.trailingCut ?? 0) > 0);
  const spaces = gaps.reduce((sum, i) => sum + (i.trailingCut ?? 0), 0);
  if (spaces === 0) return 1;
  const natural =
    inlines.reduce((sum, i) => sum + i.width, 0) - (inlines[0]?.leadingCut ?? 0) - (inlines.at(-1)?.trailingCut ?? 0);
  return (maxWidth - natural + spaces) / spaces;
}

/**
 * pdfmake's first fit never shrinks a space, so a line followed by a long word is left with wide gaps.
 * A justified line takes the next word (or part-word, hyphen included) when its spaces can shrink enough
 * to hold it; pdfmake's justification then sets the spaces a little tighter than the font's.
 */
export function shrinkToFit(line: Line, pending: Inline[], rebuild: (line: Line, inlines: Inline[]) => Line): Line {
  const first = line.inlines[0];
  if (!first || first.alignment !== 'justify' || line.newLineForced) return line;
  const inlines = line.inlines;
  // Sums over the line taking its candidates, kept as it grows (added in the same order as a fresh sum).
  let width = 0;
  let spaces = 0;
  for (const inline of inlines) {
    width += inline.width;
    if ((inline.trailingCut ?? 0) > 0) spaces += inline.trailingCut ?? 0;
  }
  const leadingCut = first.leadingCut ?? 0;
  let taken = 0;
  const shrink = spaceStretch(inlines, line.maxWidth) > looseStretch ? maxShrinkOfLooseLine : maxShrink;
  for (;;) {
    const next = pending[taken];
    // The paragraph's last word stays on a line of its own: a last line is not justified, so cannot shrink.
    if (!next || next.lineEnd || taken + 1 >= pending.length) break;
    // A whole hyphenated word is taken whole only where each of its parts would have been taken.
    if (!takesWhole(next, width, leadingCut, line.maxWidth + spaces * shrink)) {
      splitsWord(pending, taken);
      continue;
    }
    const hyphen = next.softHyphen ? widthOfText('-', next) : 0;
    const candidateWidth = width + next.width - leadingCut - (next.trailingCut ?? 0);
    if (candidateWidth + hyphen > line.maxWidth + spaces * shrink) break;
    taken += 1;
    width += next.width;
    if ((next.trailingCut ?? 0) > 0) spaces += next.trailingCut ?? 0;
    // Stop at a word's end; a part-word may be followed by its next part if that fits too.
    if (!next.softHyphen) break;
  }
  if (taken === 0) return line;
  // A part-word must end the line: taking only part of a word is fine, but never a part that is not.
  const added = pending.splice(0, taken);
  return rebuild({ ...line, lastLineInParagraph: pending.length === 0 } as Line, [...inlines, ...added]);
}

/**
 * Whether shrinkToFit, taking the parts of a hyphenated word one by one (each but the last with its
 * hyphen), would take them all: the same sums in the same order.
 */
function takesWhole(next: PartedInline, lineWidth: number, leadingCut: number, limit: number): boolean {
  const parts = next.hyphenParts;
  if (!parts) return true;
  const last = parts.widths.length - 1;
  let width = lineWidth;
  for (const [i, part] of parts.widths.entries()) {
    const hyphen = i < last || next.softHyphen ? widthOfText('-', next) : 0;
    if (width + part - leadingCut - (i < last ? 0 : (next.trailingCut ?? 0)) + hyphen > limit) return false;
    width += part;
  }
  return true;
}

/** Word spaces wider than this many spaces are loose: letter-spacing takes the rest. */
const maxSpaceStretch = 1.6;
/** At most this much letter-spacing, in em: beyond it, tracking shows more than a wide space does. */
const maxTrackingEm = 0.05;
/** On a line that 0.05 em leaves loose, up to this much: a little more tracking reads better than a river. */
const maxTrackingOfLooseLineEm = 0.08;

/**
 * A justified line whose spaces would stretch to more than 1.6 spaces (a long word that could not be
 * broken went to the next line) takes part of its slack as letter-spacing, within 0.05 em — or 0.08 em
 * when 0.05 em would still leave its spaces loose.
 */
export function track(line: Line, inlines: Inline[]): Inline[] {
  const first = inlines[0];
  if (!first || first.alignment !== 'justify' || line.lastLineInParagraph || line.newLineForced) return inlines;
  const gaps = inlines.slice(0, -1).filter((i) => (i.trailingCut ?? 0) > 0);
  if (gaps.length === 0) return inlines;
  const natural =
    inlines.reduce((sum, i) => sum + i.width, 0) - (first.leadingCut ?? 0) - (inlines.at(-1)?.trailingCut ?? 0);
  const slack = line.maxWidth - natural;
  const space = gaps.reduce((sum, i) => sum + (i.trailingCut ?? 0), 0) / gaps.length;
  const tolerated = gaps.length * space * (maxSpaceStretch - 1);
  if (slack <= tolerated) return inlines;
  // Letter-spacing would pull Arabic's joined letters apart: right-to-left words take none.
  const tracked = (inline: Inline) => (inline.bidiLevel ?? 0) % 2 === 0;
  const letters = inlines.reduce((sum, i) => sum + (tracked(i) ? Math.max(0, [...i.text].length - 1) : 0), 0);
  if (letters === 0) return inlines;
  const wanted = (slack - tolerated) / letters;
  const cap = (em: number) => em * first.fontSize;
  const stillLoose = (slack - cap(maxTrackingEm) * letters) / (gaps.length * space) + 1 > looseStretch;
  const perLetter = Math.min(wanted, cap(stillLoose ? maxTrackingOfLooseLineEm : maxTrackingEm));
  return inlines.map((inline) => {
    if (!tracked(inline)) return inline;
    const count = Math.max(0, [...inline.text].length - 1);
    return {
      ...inline,
      characterSpacing: (inline.characterSpacing ?? 0) + perLetter,
      width: inline.width + perLetter * count,
    };
  });
}

/** A third hyphen in a row: the part-word moves to the next line (it then starts there). */
function moveLastPartWord(line: Line, pending: Inline[], rebuild: (line: Line, inlines: Inline[]) => Line): Line {
  const kept = [...line.inlines];
  const moved: Inline[] = [];
  while (kept.length > 1 && !endsWord(kept.at(-1) as Inline)) moved.unshift(kept.pop() as Inline);
  if (kept.length === 0 || moved.length === 0) return line;
  pending.unshift(...moved);
  return rebuild({ ...line, lastLineInParagraph: false } as Line, kept);
}

function endsWord(inline: Inline): boolean {
  return !inline.softHyphen && ((inline.trailingCut ?? 0) > 0 || inline.lineEnd === true || /\s$/.test(inline.text));
}

function endsWithHyphen(line: Line): boolean {
  const last = line.inlines.at(-1);
  if (!last || line.lastLineInParagraph) return false;
  return last.softHyphen === true || /[-\u2010]$/.test(last.text);
}

/**
 * Inside a line, the parts of a soft-hyphenated word become one inline again (so justification does not
 * open a gap in the word); a part that ends the line gets its hyphen. A line without a part-word is
 * returned as it is, and only joined words are new objects: this runs on every line of the book.
 */
function joinWordParts(inlines: Inline[]): Inline[] {
  if (!inlines.some((inline) => inline.softHyphen)) return inlines;
  const out: Inline[] = [];
  // The joined word being built: a copy, so the parts it was made of are left as they were.
  let joined: Inline | undefined;
  for (const inline of inlines) {
    const previous = out.at(-1);
    if (previous?.softHyphen && sameStyle(previous, inline)) {
      if (previous !== joined) out[out.length - 1] = joined = { ...previous };
      const word = joined;
      word.text = previous.text + inline.text;
      word.width = previous.width + inline.width;
      word.trailingCut = inline.trailingCut ?? 0;
      word.lineEnd = inline.lineEnd;
      word.softHyphen = inline.softHyphen;
    } else {
      out.push(inline);
    }
  }
  const last = out.at(-1);
  if (last?.softHyphen) {
    out[out.length - 1] = {
      ...last,
      text: `${last.text}-`,
      width: last.width + widthOfText('-', last) + (last.characterSpacing ?? 0),
    };
  }
  // Parts that could not join (a style change inside the word) print without a hyphen.
  for (let i = 0; i < out.length - 1; i += 1) {
    const inline = out[i] as Inline;
    if (inline.softHyphen) inline.softHyphen = false;
  }
  return out;
}

function sameStyle(a: Inline, b: Inline): boolean {
  return styleKeys.every((key) => a[key] === b[key]);
}

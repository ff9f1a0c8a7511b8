import type { PrintOptions, TrimSize } from '@bookwright/contracts/http';
import { fontFamilies, fontMetrics } from '../fonts';
import { inchesToPoints, interiorMargins, interiorPageSize } from './kdp-rules';

/** Body size and leading (points) by trim: a novel's 10.5/14 on small trims up to 12/16.5 on letter size. */
const bodyByTrim: Record<TrimSize, { size: number; leading: number }> = {
  '5x8': { size: 10.5, leading: 14 },
  '5.5x8.5': { size: 10.5, leading: 14.2 },
  '6x9': { size: 11, leading: 14.6 },
  '7x10': { size: 11.5, leading: 15.5 },
  '8.5x11': { size: 12, leading: 16.5 },
};

/** Every measure the interior layout uses for one set of print options and gutter band. */
export interface Typography {
  pageWidthPt: number;
  pageHeightPt: number;
  pageMarginsPt: [number, number, number, number];
  /** Bleed added at the outside, top and bottom edges (0 without bleed). */
  bleedPt: number;
  textWidthPt: number;
  textHeightPt: number;
  bodySize: number;
  leadingPt: number;
  /** pdfmake's lineHeight multiplier that gives `leadingPt` with the body font at `bodySize`. */
  lineHeight: number;
  linesPerPage: number;
  indentPt: number;
  h1Size: number;
  h2Size: number;
  h3Size: number;
  /** Space above a chapter title on its opening page. */
  chapterSinkPt: number;
  runningHeadSize: number;
  folioSize: number;
  /** Distance from the trim's top edge to the running head, and from the bottom edge to the folio. */
  headFromTrimPt: number;
  folioFromTrimPt: number;
}

/** The natural line height of the body font in em (pdfkit: ascender − descender). */
export function bodyLineHeightEm(): number {
  const metrics = fontMetrics(fontFamilies.body);
  return metrics.ascender - metrics.descender;
}

export function typography(options: Pick<PrintOptions, 'trimSize' | 'bleed'>, pageCount: number): Typography {
  const page = interiorPageSize(options.trimSize, options.bleed);
  const margins = interiorMargins(options.trimSize, pageCount, options.bleed);
  const [left, top, right] = margins.pageMarginsPt;
  const body = bodyByTrim[options.trimSize];
  const textWidthPt = page.widthPt - left - right;
  // Snap the text block to whole lines (the slack goes to the bottom margin) so full pages end level.
  const available = page.heightPt - top - margins.pageMarginsPt[3];
  const linesPerPage = Math.floor(available / body.leading + 0.001);
  const textHeightPt = linesPerPage * body.leading;
  const bottom = page.heightPt - top - textHeightPt;
  return {
    pageWidthPt: page.widthPt,
    pageHeightPt: page.heightPt,
    pageMarginsPt: [left, top, right, bottom],
    bleedPt: options.bleed ? inchesToPoints(0.125) : 0,
    textWidthPt,
    textHeightPt,
    bodySize: body.size,
    leadingPt: body.leading,
    lineHeight: body.leading / (bodyLineHeightEm() * body.size),
    linesPerPage,
    indentPt: body.size * 1.5,
    h1Size: Math.round(body.size * 1.9),
    h2Size: Math.round(body.size * 1.3 * 2) / 2,
    h3Size: body.size * 1.1,
    chapterSinkPt: Math.round(textHeightPt * 0.22),
    runningHeadSize: Math.max(7.5, body.size - 2.5),
    folioSize: Math.max(8, body.size - 2),
    headFromTrimPt: inchesToPoints(0.5),
    folioFromTrimPt: inchesToPoints(0.5),
  };
}

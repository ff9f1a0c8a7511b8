import type { ContentText } from 'pdfmake/interfaces';
import {
  baseLevel,
  bidiLevels,
  fontFamilies,
  fontMetrics,
  normalizeSpaces,
  splitByCoverage,
  type FontFamily,
  type TextRun,
} from '../fonts';

/**
 * What a pdfmake inline carries for the bidi algorithm: pdfmake copies unknown properties of a text node
 * to every word it splits it into, and bidi-lines.ts reorders each broken line by them.
 */
export interface BidiInline {
  /** The run's embedding level (odd: right to left); absent means 0. */
  bidiLevel?: number;
  /** The paragraph's base level: 1 for a paragraph that starts with a Hebrew or Arabic letter. */
  bidiBase?: number;
}

export type PrintInline = ContentText & BidiInline;

/**
 * pdfmake text for one string of the book (a title, a running head, a TOC line): the string itself when
 * the body font sets all of it left to right, else one inline per run in the font that has its glyphs
 * (fonts/script-runs.ts), with its bidi level.
 */
export function printText(text: string, style: Omit<ContentText, 'text'> = {}): string | PrintInline[] {
  const value = normalizeSpaces(text);
  const base = baseLevel(value);
  const runs = splitByCoverage(value, bidiLevels(value, base));
  const only = runs[0];
  if (runs.length === 1 && only && only.family === fontFamilies.body && only.level === 0) {
    if (Object.keys(style).length === 0) return only.text;
  }
  return runs.map((r) => printRun(r, style, undefined, base));
}

/**
 * One run as a pdfmake inline. pdfkit shapes each word with fontkit, which joins Arabic letters and
 * draws a right-to-left word's glyphs from right to left; the order of the words and runs on a line is
 * the bidi algorithm's, applied once the line is broken (bidi-lines.ts).
 */
export function printRun(
  r: TextRun,
  style: Omit<ContentText, 'text'> = {},
  lineHeight?: number,
  base = 0,
): PrintInline {
  const bidi: BidiInline = r.level > 0 || base > 0 ? { bidiLevel: r.level, bidiBase: base } : {};
  if (r.family === fontFamilies.body) return { ...style, ...bidi, text: r.text };
  // pdfmake makes a line as tall as its tallest font: Noto's Arabic or Devanagari line box is taller than
  // Literata's, so a quoted word would open a gap in the paragraph. Scale it to the body font's box.
  const band = lineBandEm(r.family);
  const scaled = lineHeight !== undefined && band > bodyBand() ? { lineHeight: (lineHeight * bodyBand()) / band } : {};
  return { ...style, ...scaled, ...bidi, text: r.text, font: r.family };
}

const lineBandEm = (family: FontFamily): number => {
  const metrics = fontMetrics(family);
  return metrics.ascender - metrics.descender;
};
const bodyBand = (): number => lineBandEm(fontFamilies.body);

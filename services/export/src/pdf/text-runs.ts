import type { ContentText } from 'pdfmake/interfaces';
import { fontFamilies, fontMetrics, normalizeSpaces, splitByCoverage, type FontFamily, type TextRun } from '../fonts';

/**
 * pdfmake text for one string of the book (a title, a running head, a TOC line, a span of body text):
 * the string itself when the body font sets all of it, else one inline per run in the font that has
 * its glyphs (fonts/script-runs.ts).
 */
export function printText(text: string, style: Omit<ContentText, 'text'> = {}): string | ContentText[] {
  const runs = splitByCoverage(normalizeSpaces(text));
  const only = runs[0];
  if (runs.length === 1 && only && only.family === fontFamilies.body && Object.keys(style).length === 0) {
    return only.text;
  }
  return runs.map((r) => printRun(r, style));
}

/**
 * One run as a pdfmake inline. pdfkit shapes each inline with fontkit, which joins Arabic letters and
 * reverses right-to-left glyphs, but pdfmake breaks lines into words and places them left to right:
 * a right-to-left run is kept as one unit (no-break spaces) so fontkit lays out all of it, words
 * included, from right to left.
 */
export function printRun(r: TextRun, style: Omit<ContentText, 'text'> = {}, lineHeight?: number): ContentText {
  const text = r.dir === 'rtl' ? r.text.replace(/ /g, '\u00a0') : r.text;
  if (r.family === fontFamilies.body) return { ...style, text };
  // pdfmake makes a line as tall as its tallest font: Noto's Arabic or Devanagari line box is taller than
  // Literata's, so a quoted word would open a gap in the paragraph. Scale it to the body font's box.
  const band = lineBandEm(r.family);
  const scaled = lineHeight !== undefined && band > bodyBand() ? { lineHeight: (lineHeight * bodyBand()) / band } : {};
  return { ...style, ...scaled, text, font: r.family };
}

const lineBandEm = (family: FontFamily): number => {
  const metrics = fontMetrics(family);
  return metrics.ascender - metrics.descender;
};
const bodyBand = (): number => lineBandEm(fontFamilies.body);

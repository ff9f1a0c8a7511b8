import type { ContentText } from 'pdfmake/interfaces';
import { fontFamilies, normalizeSpaces, splitByCoverage, type TextRun } from '../fonts';

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
export function printRun(r: TextRun, style: Omit<ContentText, 'text'> = {}): ContentText {
  const text = r.dir === 'rtl' ? r.text.replace(/ /g, '\u00a0') : r.text;
  return r.family === fontFamilies.body ? { ...style, text } : { ...style, text, font: r.family };
}

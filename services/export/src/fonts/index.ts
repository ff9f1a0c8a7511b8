import { fontFamilies, fontMetrics, type FontStyle } from './families';

export { languageLetters, typographicPunctuation } from './alphabets';
export { readFontMetrics, type FontMetrics } from './metrics';
export {
  fontData,
  fontFamilies,
  fontFaces,
  fontMetrics,
  fontStyles,
  scriptFamilies,
  type FontFamily,
  type FontStyle,
  type Script,
} from './families';
export { baseLevel, bidiLevels, hasRightToLeft, mirrored, visualOrder } from './bidi';
export {
  drawnOrder,
  missingGlyphs,
  reversedByShaper,
  splitByCoverage,
  splitByScript,
  type ScriptSegment,
  type TextRun,
} from './script-runs';

/**
 * Unicode spaces the body font lacks, mapped to ones it has: the narrow no-break space of French
 * typography (U+202F) becomes a no-break space, the sized spaces U+2000–U+2006 and U+205F a word space.
 * Keeps words in one run, which justified setting needs (pdfmake stretches between runs).
 */
export function normalizeSpaces(text: string): string {
  return /[\u2000-\u2006\u202F\u205F]/.test(text)
    ? text.replace(/\u202F/g, '\u00A0').replace(/[\u2000-\u2006\u205F]/g, ' ')
    : text;
}

/** Width of text in em in the body font (no kerning): good to a few percent, for estimates only. */
export function textWidthEm(text: string, style: FontStyle = 'normal'): number {
  const metrics = fontMetrics(fontFamilies.body, style);
  const fallback = fontMetrics(fontFamilies.fallback, 'normal');
  let width = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const advance = metrics.advance(code);
    width += advance > 0 ? advance : fallback.advance(code) || 0.5;
  }
  return width;
}

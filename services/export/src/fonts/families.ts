import { fontBytes, type FontFace } from '@bookwright/fonts';
import { readFontMetrics, type FontMetrics } from './metrics';

/**
 * The fonts embedded in every print PDF, installed from npm as TTF files (nothing is downloaded at run
 * time). Literata is the book face: a serif drawn for long reading with Latin Extended, Greek and Cyrillic.
 * DejaVu Serif is the per-glyph fallback for anything Literata lacks, DejaVu Sans the last resort for
 * symbols neither serif has (☐ ☑ ∮ …); DejaVu Sans Mono sets inline code. pdfkit embeds only the glyphs
 * used, and only the fonts used.
 */
export const fontFamilies = {
  body: 'Literata',
  fallback: 'DejaVuSerif',
  symbols: 'DejaVuSans',
  mono: 'DejaVuSansMono',
} as const;

/**
 * One Noto family per script Literata does not write (it has Latin, Greek and Cyrillic), chosen per run of
 * text by its characters (script-runs.ts). They have no italics: italic runs use the upright face. Their
 * files are read only when a book uses the script (pdfmake.ts), so the CJK faces cost nothing otherwise.
 */
export const scriptFamilies = {
  japanese: 'NotoSansJP',
  chinese: 'NotoSansSC',
  korean: 'NotoSansKR',
  arabic: 'NotoSansArabic',
  hebrew: 'NotoSansHebrew',
  devanagari: 'NotoSansDevanagari',
  thai: 'NotoSansThai',
} as const;
export type Script = keyof typeof scriptFamilies;
export type FontFamily =
  (typeof fontFamilies)[keyof typeof fontFamilies] | (typeof scriptFamilies)[keyof typeof scriptFamilies];
export type FontStyle = 'normal' | 'bold' | 'italics' | 'bolditalics';
export const fontStyles: readonly FontStyle[] = ['normal', 'bold', 'italics', 'bolditalics'];

/** The face of each family and style, from the one list of font files (@bookwright/fonts). */
export const fontFaces: Record<FontFamily, Record<FontStyle, FontFace>> = {
  Literata: {
    normal: 'Literata',
    bold: 'Literata Bold',
    italics: 'Literata Italic',
    bolditalics: 'Literata Bold Italic',
  },
  DejaVuSerif: {
    normal: 'DejaVu Serif',
    bold: 'DejaVu Serif Bold',
    italics: 'DejaVu Serif Italic',
    bolditalics: 'DejaVu Serif Bold Italic',
  },
  DejaVuSans: {
    normal: 'DejaVu Sans',
    bold: 'DejaVu Sans Bold',
    italics: 'DejaVu Sans Oblique',
    bolditalics: 'DejaVu Sans Bold Oblique',
  },
  DejaVuSansMono: {
    normal: 'DejaVu Sans Mono',
    bold: 'DejaVu Sans Mono Bold',
    italics: 'DejaVu Sans Mono Oblique',
    bolditalics: 'DejaVu Sans Mono Bold Oblique',
  },
  NotoSansJP: uprightOnly('Noto Sans JP', 'Noto Sans JP Bold'),
  NotoSansSC: uprightOnly('Noto Sans SC', 'Noto Sans SC Bold'),
  NotoSansKR: uprightOnly('Noto Sans KR', 'Noto Sans KR Bold'),
  NotoSansArabic: uprightOnly('Noto Sans Arabic', 'Noto Sans Arabic Bold'),
  NotoSansHebrew: uprightOnly('Noto Sans Hebrew', 'Noto Sans Hebrew Bold'),
  NotoSansDevanagari: uprightOnly('Noto Sans Devanagari', 'Noto Sans Devanagari Bold'),
  NotoSansThai: uprightOnly('Noto Sans Thai', 'Noto Sans Thai Bold'),
};

/** A script face has no italics: italic runs use the upright face. */
function uprightOnly(regular: FontFace, bold: FontFace): Record<FontStyle, FontFace> {
  return { normal: regular, bold, italics: regular, bolditalics: bold };
}

const metricsCache = new Map<FontFace, FontMetrics>();

/** The bytes of one font file, read once per process (or worker). */
export function fontData(family: FontFamily, style: FontStyle = 'normal'): Uint8Array {
  return fontBytes(fontFaces[family][style]);
}

/** cmap, advance widths and vertical metrics of one font file, parsed once. */
export function fontMetrics(family: FontFamily, style: FontStyle = 'normal'): FontMetrics {
  const face = fontFaces[family][style];
  let metrics = metricsCache.get(face);
  if (!metrics) {
    metrics = readFontMetrics(fontBytes(face));
    metricsCache.set(face, metrics);
  }
  return metrics;
}

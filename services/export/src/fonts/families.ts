import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const require = createRequire(import.meta.url);
const literata = (file: string) => require.resolve(`@expo-google-fonts/literata/${file}`);
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
/** A Noto family from @expo-google-fonts (static TTFs pdfkit embeds and subsets); regular and bold only. */
const noto = (pkg: string, name: string): Record<FontStyle, string> => {
  const regular = require.resolve(`@expo-google-fonts/${pkg}/400Regular/${name}_400Regular.ttf`);
  const bold = require.resolve(`@expo-google-fonts/${pkg}/700Bold/${name}_700Bold.ttf`);
  return { normal: regular, bold, italics: regular, bolditalics: bold };
};

/** Absolute paths of every embedded font file. */
export const fontFiles: Record<FontFamily, Record<FontStyle, string>> = {
  Literata: {
    normal: literata('400Regular/Literata_400Regular.ttf'),
    bold: literata('700Bold/Literata_700Bold.ttf'),
    italics: literata('400Regular_Italic/Literata_400Regular_Italic.ttf'),
    bolditalics: literata('700Bold_Italic/Literata_700Bold_Italic.ttf'),
  },
  DejaVuSerif: {
    normal: dejavu('DejaVuSerif.ttf'),
    bold: dejavu('DejaVuSerif-Bold.ttf'),
    italics: dejavu('DejaVuSerif-Italic.ttf'),
    bolditalics: dejavu('DejaVuSerif-BoldItalic.ttf'),
  },
  DejaVuSans: {
    normal: dejavu('DejaVuSans.ttf'),
    bold: dejavu('DejaVuSans-Bold.ttf'),
    italics: dejavu('DejaVuSans-Oblique.ttf'),
    bolditalics: dejavu('DejaVuSans-BoldOblique.ttf'),
  },
  DejaVuSansMono: {
    normal: dejavu('DejaVuSansMono.ttf'),
    bold: dejavu('DejaVuSansMono-Bold.ttf'),
    italics: dejavu('DejaVuSansMono-Oblique.ttf'),
    bolditalics: dejavu('DejaVuSansMono-BoldOblique.ttf'),
  },
  NotoSansJP: noto('noto-sans-jp', 'NotoSansJP'),
  NotoSansSC: noto('noto-sans-sc', 'NotoSansSC'),
  NotoSansKR: noto('noto-sans-kr', 'NotoSansKR'),
  NotoSansArabic: noto('noto-sans-arabic', 'NotoSansArabic'),
  NotoSansHebrew: noto('noto-sans-hebrew', 'NotoSansHebrew'),
  NotoSansDevanagari: noto('noto-sans-devanagari', 'NotoSansDevanagari'),
  NotoSansThai: noto('noto-sans-thai', 'NotoSansThai'),
};

const dataCache = new Map<string, Uint8Array>();
const metricsCache = new Map<string, FontMetrics>();

/** The bytes of one font file, read once per process (or worker). */
export function fontData(family: FontFamily, style: FontStyle = 'normal'): Uint8Array {
  const path = fontFiles[family][style];
  let data = dataCache.get(path);
  if (!data) {
    data = readFileSync(path);
    dataCache.set(path, data);
  }
  return data;
}

/** cmap, advance widths and vertical metrics of one font file, parsed once. */
export function fontMetrics(family: FontFamily, style: FontStyle = 'normal'): FontMetrics {
  const path = fontFiles[family][style];
  let metrics = metricsCache.get(path);
  if (!metrics) {
    metrics = readFontMetrics(fontData(family, style));
    metricsCache.set(path, metrics);
  }
  return metrics;
}

import { fontBytes, type FontFace } from '@bookwright/fonts';
import { create, type Font } from 'fontkit';

/**
 * The typefaces of the cover designer, by the designer's own names, from the one list of font files
 * (@bookwright/fonts). Every one covers Latin Extended-A and the comma-below letters, so all 23 book
 * languages typeset in their own face; DejaVu Sans is the fallback for anything else an author types
 * (Greek, Cyrillic, symbols).
 */
const faces = {
  literataLight: 'Literata Light',
  literata: 'Literata',
  literataItalic: 'Literata Italic',
  literataSemiBold: 'Literata SemiBold',
  literataBold: 'Literata Bold',
  literataBlack: 'Literata Black',
  notoSerifLight: 'Noto Serif Light',
  notoSerif: 'Noto Serif',
  notoSerifItalic: 'Noto Serif Italic',
  notoSerifMedium: 'Noto Serif Medium',
  notoSerifSemiBold: 'Noto Serif SemiBold',
  notoSerifBold: 'Noto Serif Bold',
  notoSerifBlack: 'Noto Serif Black',
  sans: 'DejaVu Sans',
  sansLight: 'DejaVu Sans ExtraLight',
  sansBold: 'DejaVu Sans Bold',
  sansCondensed: 'DejaVu Sans Condensed',
  sansCondensedBold: 'DejaVu Sans Condensed Bold',
  // Scripts DejaVu Sans lacks (decision 0020), read only when a title needs them.
  notoSansJP: 'Noto Sans JP',
  notoSansSC: 'Noto Sans SC',
  notoSansKR: 'Noto Sans KR',
  notoSansDevanagari: 'Noto Sans Devanagari',
  notoSansThai: 'Noto Sans Thai',
} as const satisfies Record<string, FontFace>;

export type FontName = keyof typeof faces;

const loaded = new Map<FontName, Font>();

/** A typeface, parsed once per process. */
export function font(name: FontName): Font {
  let face = loaded.get(name);
  if (!face) {
    face = create(fontBytes(faces[name]));
    loaded.set(name, face);
  }
  return face;
}

/** The face used for characters the chosen face lacks. */
export const fallbackFont: FontName = 'sans';

/**
 * Where a character goes that neither the chosen face nor DejaVu Sans has, in order: Han ideographs take
 * the Japanese face when the text has kana, the Korean one with hangul, else the Chinese one.
 */
export function scriptFallbacks(text: string): FontName[] {
  const cjk: FontName[] = /[\u3040-\u30ff]/.test(text)
    ? ['notoSansJP', 'notoSansSC', 'notoSansKR']
    : /[\uac00-\ud7af\u1100-\u11ff]/.test(text)
      ? ['notoSansKR', 'notoSansSC', 'notoSansJP']
      : ['notoSansSC', 'notoSansJP', 'notoSansKR'];
  return [...cjk, 'notoSansDevanagari', 'notoSansThai'];
}

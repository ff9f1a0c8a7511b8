import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The typefaces of the cover designer, all from npm packages (no system fonts: a container has none worth
 * relying on). Every one covers Latin Extended-A and the comma-below letters, so all 23 book languages
 * typeset in their own face; DejaVu Sans is the fallback for anything else an author types (Greek,
 * Cyrillic, symbols).
 */
const files = {
  literataLight: '@expo-google-fonts/literata/300Light/Literata_300Light.ttf',
  literata: '@expo-google-fonts/literata/400Regular/Literata_400Regular.ttf',
  literataItalic: '@expo-google-fonts/literata/400Regular_Italic/Literata_400Regular_Italic.ttf',
  literataSemiBold: '@expo-google-fonts/literata/600SemiBold/Literata_600SemiBold.ttf',
  literataBold: '@expo-google-fonts/literata/700Bold/Literata_700Bold.ttf',
  literataBlack: '@expo-google-fonts/literata/900Black/Literata_900Black.ttf',
  notoSerifLight: '@expo-google-fonts/noto-serif/300Light/NotoSerif_300Light.ttf',
  notoSerif: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  notoSerifItalic: '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf',
  notoSerifMedium: '@expo-google-fonts/noto-serif/500Medium/NotoSerif_500Medium.ttf',
  notoSerifSemiBold: '@expo-google-fonts/noto-serif/600SemiBold/NotoSerif_600SemiBold.ttf',
  notoSerifBold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  notoSerifBlack: '@expo-google-fonts/noto-serif/900Black/NotoSerif_900Black.ttf',
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  sansLight: 'dejavu-fonts-ttf/ttf/DejaVuSans-ExtraLight.ttf',
  sansBold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  sansCondensed: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  sansCondensedBold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
  // Scripts DejaVu Sans lacks (decision 0020), read only when a title needs them.
  notoSansJP: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  notoSansSC: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  notoSansKR: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  notoSansDevanagari: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  notoSansThai: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
} as const;

export type FontName = keyof typeof files;

const require = createRequire(import.meta.url);
const loaded = new Map<FontName, Font>();

/** A typeface, parsed once per process. */
export function font(name: FontName): Font {
  let face = loaded.get(name);
  if (!face) {
    face = create(readFileSync(require.resolve(files[name])));
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

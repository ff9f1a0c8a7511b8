import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Every typeface file Bookwright sets text in, by one name each. They come from npm packages, so nothing
 * is downloaded at run time and a container needs no system fonts. The print interior (export) and the
 * cover designer (cover) pick their faces from this one list; which face a book or a cover uses stays
 * with them.
 */
const files = {
  'Literata Light': '@expo-google-fonts/literata/300Light/Literata_300Light.ttf',
  Literata: '@expo-google-fonts/literata/400Regular/Literata_400Regular.ttf',
  'Literata Italic': '@expo-google-fonts/literata/400Regular_Italic/Literata_400Regular_Italic.ttf',
  'Literata SemiBold': '@expo-google-fonts/literata/600SemiBold/Literata_600SemiBold.ttf',
  'Literata Bold': '@expo-google-fonts/literata/700Bold/Literata_700Bold.ttf',
  'Literata Bold Italic': '@expo-google-fonts/literata/700Bold_Italic/Literata_700Bold_Italic.ttf',
  'Literata Black': '@expo-google-fonts/literata/900Black/Literata_900Black.ttf',
  'Noto Serif Light': '@expo-google-fonts/noto-serif/300Light/NotoSerif_300Light.ttf',
  'Noto Serif': '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  'Noto Serif Italic': '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf',
  'Noto Serif Medium': '@expo-google-fonts/noto-serif/500Medium/NotoSerif_500Medium.ttf',
  'Noto Serif SemiBold': '@expo-google-fonts/noto-serif/600SemiBold/NotoSerif_600SemiBold.ttf',
  'Noto Serif Bold': '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  'Noto Serif Black': '@expo-google-fonts/noto-serif/900Black/NotoSerif_900Black.ttf',
  'DejaVu Serif': 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
  'DejaVu Serif Bold': 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  'DejaVu Serif Italic': 'dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf',
  'DejaVu Serif Bold Italic': 'dejavu-fonts-ttf/ttf/DejaVuSerif-BoldItalic.ttf',
  'DejaVu Sans': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'DejaVu Sans ExtraLight': 'dejavu-fonts-ttf/ttf/DejaVuSans-ExtraLight.ttf',
  'DejaVu Sans Bold': 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  'DejaVu Sans Oblique': 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
  'DejaVu Sans Bold Oblique': 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
  'DejaVu Sans Condensed': 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  'DejaVu Sans Condensed Bold': 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
  'DejaVu Sans Mono': 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
  'DejaVu Sans Mono Bold': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
  'DejaVu Sans Mono Oblique': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Oblique.ttf',
  'DejaVu Sans Mono Bold Oblique': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-BoldOblique.ttf',
  // One Noto face per script Literata and DejaVu lack (decision 0020), regular and bold.
  'Noto Sans JP': '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'Noto Sans JP Bold': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  'Noto Sans SC': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'Noto Sans SC Bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  'Noto Sans KR': '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  'Noto Sans KR Bold': '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  'Noto Sans Arabic': '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'Noto Sans Arabic Bold': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  'Noto Sans Hebrew': '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  'Noto Sans Hebrew Bold': '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  'Noto Sans Devanagari': '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  'Noto Sans Devanagari Bold': '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  'Noto Sans Thai': '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  'Noto Sans Thai Bold': '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
} as const;

export type FontFace = keyof typeof files;

/** Every face, for checks that walk them all. */
export const fontFaces = Object.keys(files) as FontFace[];

const require = createRequire(import.meta.url);
const bytes = new Map<FontFace, Buffer>();

/** The absolute path of a face's TTF file. */
export function fontPath(face: FontFace): string {
  return require.resolve(files[face]);
}

/** The bytes of a face, read once per process (or worker thread). */
export function fontBytes(face: FontFace): Buffer {
  let data = bytes.get(face);
  if (!data) {
    data = readFileSync(fontPath(face));
    bytes.set(face, data);
  }
  return data;
}

/**
 * The few words an EPUB of ours shows besides the book's own text, in the publication's language when it
 * is one of the metadata languages (spec §3: English, Italian, Spanish), else in English.
 */
export interface EpubLabels {
  contents: string;
  landmarks: string;
  cover: string;
  coverImage: (title: string) => string;
  beginning: string;
  titlePage: string;
  /** The section before the first chapter heading, when it has no heading of its own. */
  opening: string;
  /** A chapter whose heading is empty. */
  chapter: (number: number) => string;
}

const english: EpubLabels = {
  contents: 'Contents',
  landmarks: 'Landmarks',
  cover: 'Cover',
  coverImage: (title) => `Cover of ${title}`,
  beginning: 'Beginning',
  titlePage: 'Title page',
  opening: 'Opening',
  chapter: (number) => `Chapter ${number}`,
};

const byLanguage: Record<string, EpubLabels> = {
  en: english,
  it: {
    contents: 'Indice',
    landmarks: 'Punti di riferimento',
    cover: 'Copertina',
    coverImage: (title) => `Copertina di ${title}`,
    beginning: 'Inizio',
    titlePage: 'Frontespizio',
    opening: 'Apertura',
    chapter: (number) => `Capitolo ${number}`,
  },
  es: {
    contents: 'Índice',
    landmarks: 'Puntos de referencia',
    cover: 'Cubierta',
    coverImage: (title) => `Cubierta de ${title}`,
    beginning: 'Comienzo',
    titlePage: 'Portada interior',
    opening: 'Apertura',
    chapter: (number) => `Capítulo ${number}`,
  },
};

export function labelsFor(languageCode: string): EpubLabels {
  return byLanguage[languageCode.toLowerCase().split('-')[0] ?? ''] ?? english;
}

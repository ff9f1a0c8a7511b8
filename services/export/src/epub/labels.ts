/**
 * The few words an EPUB of ours shows besides the book's own text, in the publication's language when it
 * is one of the metadata languages (spec §3: English, Italian, Spanish), else in English.
 */
export interface EpubLabels {
  /** The language these labels are written in (English when the book's language has none of its own). */
  languageCode: string;
  contents: string;
  landmarks: string;
  cover: string;
  /** The cover image's alt text: the title, and the author when there is one. */
  coverImage: (title: string, author: string | null) => string;
  /**
   * schema:accessibilitySummary: the book's structure, navigation and images in a sentence or two.
   * `chapters` counts the sections of the text (the opening included); the cover is the only image an
   * EPUB of ours has (the chapters never carry one, see tiptap-to-xhtml.ts).
   */
  accessibilitySummary: (facts: { chapters: number; cover: boolean; printPages: boolean }) => string;
  /** The page list's heading (a hidden navigation list of the print edition's pages). */
  pages: string;
  beginning: string;
  titlePage: string;
  /** The section before the first chapter heading, when it has no heading of its own. */
  opening: string;
  /** A chapter whose heading is empty. */
  chapter: (number: number) => string;
}

const english: EpubLabels = {
  languageCode: 'en',
  contents: 'Contents',
  landmarks: 'Landmarks',
  cover: 'Cover',
  coverImage: (title, author) => (author ? `Cover of ${title} by ${author}` : `Cover of ${title}`),
  accessibilitySummary: ({ chapters, cover, printPages }) =>
    `This book has ${chapters === 1 ? 'one section' : `${chapters} sections`} of text with headings, a table of contents and landmarks for navigation, in a single reading order. ` +
    (cover
      ? 'Its only image is the cover, which has a text description; there are no hazards.'
      : 'It has no images and no hazards.') +
    (printPages ? ' Page markers and a page list follow the print edition.' : ''),
  pages: 'Pages',
  beginning: 'Beginning',
  titlePage: 'Title page',
  opening: 'Opening',
  chapter: (number) => `Chapter ${number}`,
};

const byLanguage: Record<string, EpubLabels> = {
  en: english,
  it: {
    languageCode: 'it',
    contents: 'Indice',
    landmarks: 'Punti di riferimento',
    cover: 'Copertina',
    coverImage: (title, author) => (author ? `Copertina di ${title}, di ${author}` : `Copertina di ${title}`),
    accessibilitySummary: ({ chapters, cover, printPages }) =>
      `Questo libro ha ${chapters === 1 ? 'una sezione' : `${chapters} sezioni`} di testo con titoli, un indice e punti di riferimento per la navigazione, in un unico ordine di lettura. ` +
      (cover
        ? 'L’unica immagine è la copertina, che ha una descrizione testuale; non presenta rischi.'
        : 'Non ha immagini e non presenta rischi.') +
      (printPages ? ' I segnapagina e un elenco delle pagine seguono l’edizione a stampa.' : ''),
    pages: 'Pagine',
    beginning: 'Inizio',
    titlePage: 'Frontespizio',
    opening: 'Apertura',
    chapter: (number) => `Capitolo ${number}`,
  },
  es: {
    languageCode: 'es',
    contents: 'Índice',
    landmarks: 'Puntos de referencia',
    cover: 'Cubierta',
    coverImage: (title, author) => (author ? `Cubierta de ${title}, de ${author}` : `Cubierta de ${title}`),
    accessibilitySummary: ({ chapters, cover, printPages }) =>
      `Este libro tiene ${chapters === 1 ? 'una sección' : `${chapters} secciones`} de texto con encabezados, un índice y puntos de referencia para la navegación, en un único orden de lectura. ` +
      (cover
        ? 'Su única imagen es la cubierta, que tiene una descripción textual; no presenta riesgos.'
        : 'No tiene imágenes ni presenta riesgos.') +
      (printPages ? ' Los marcadores de página y una lista de páginas siguen la edición impresa.' : ''),
    pages: 'Páginas',
    beginning: 'Comienzo',
    titlePage: 'Portada interior',
    opening: 'Apertura',
    chapter: (number) => `Capítulo ${number}`,
  },
};

export function labelsFor(languageCode: string): EpubLabels {
  return byLanguage[languageCode.toLowerCase().split('-')[0] ?? ''] ?? english;
}

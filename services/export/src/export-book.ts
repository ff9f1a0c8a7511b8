import type { BookLanguage, MetadataLanguage, TiptapDocument } from '@bookwright/contracts/http';

/**
 * Everything a renderer needs about one book, loaded once by the export handlers (from the book service
 * and the blob store) and handed to the EPUB and PDF renderers — which may run in a worker thread, so it
 * holds plain data only.
 */
export interface ExportBook {
  id: string;
  title: string;
  subtitle: string | null;
  author: string | null;
  /** Stable across exports: the book's metadata identifier (ISBN, UUID or URN). */
  identifier: string | null;
  /** BCP 47 code for the publication (from languageMetadata, else the book's writing language). */
  languageCode: string;
  language: BookLanguage;
  languageMetadata: MetadataLanguage | null;
  genre: string;
  publisher: string | null;
  description: string | null;
  keywords: string[];
  rights: string | null;
  /** YYYY-MM-DD */
  publicationDate: string | null;
  isbn: string | null;
  /** Names from the plan (characters, places) that print never hyphenates; absent when there is no plan. */
  glossary?: string[];
  /** The manuscript; chapters start at level-1 headings. */
  document: TiptapDocument;
  /** The print master of the cover, decoded dimensions included; null when the book has none. */
  cover: { data: Uint8Array; contentType: string; widthPx: number; heightPx: number } | null;
  /**
   * The images inside the chapters, by the src their `image` nodes carry (this book's images only: an
   * export never fetches a URL nor reads another book's files). An image node with none is left out.
   */
  images?: Record<string, ExportImage>;
}

export interface ExportImage {
  imageId: string;
  data: Uint8Array;
  /** image/png or image/jpeg. */
  contentType: string;
  widthPx: number;
  heightPx: number;
}

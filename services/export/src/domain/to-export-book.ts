import {
  AppError,
  effectiveMetadataLanguage,
  documentText,
  TiptapDocumentSchema,
  type Book,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { openSuggestionCount, printedManuscript } from '@bookwright/manuscript';
import type { ExportBook } from '../export-book';

export const manuscriptUnreadable =
  'The book’s content could not be read. Open it in the editor, save it again and export once more.';

/**
 * The stored manuscript (bookContent, tiptap JSON text). The book service only stores documents that pass
 * the contract; one that no longer does (an older editor's node) is still exported, since the renderers
 * keep only what they know. Text that is not a tiptap document at all is refused.
 */
export function parseManuscript(bookContent: string | null): TiptapDocument {
  if (bookContent === null || bookContent.trim() === '') return { type: 'doc', content: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(bookContent);
  } catch {
    throw new AppError(422, manuscriptUnreadable);
  }
  const strict = TiptapDocumentSchema.safeParse(raw);
  if (strict.success) return strict.data;
  if (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { type?: unknown }).type === 'doc' &&
    Array.isArray((raw as { content?: unknown }).content)
  ) {
    const content = ((raw as { content: unknown[] }).content as unknown[]).filter(
      (node): node is TiptapNode =>
        typeof node === 'object' && node !== null && typeof (node as TiptapNode).type === 'string',
    );
    return { type: 'doc', content };
  }
  throw new AppError(422, manuscriptUnreadable);
}

/** The manuscript an export prints, and how many open suggestions it leaves out. */
export interface PrintedBookContent {
  /** The stored manuscript with every open suggestion rejected and no comment (decision 0043). */
  document: TiptapDocument;
  openSuggestions: number;
}

/**
 * The stored manuscript in its printed form: what every export, page count and page estimate is made
 * from, so the file never holds a suggested text or a comment anchor, and keeps the text a suggestion
 * would delete.
 */
export function printedBookContent(bookContent: string | null): PrintedBookContent {
  const stored = parseManuscript(bookContent);
  return { document: printedManuscript(stored), openSuggestions: openSuggestionCount(stored) };
}

/** Characters spec §9's page estimate counts; 0 for a manuscript with no visible text. */
export function manuscriptCharacters(document: TiptapDocument): number {
  const text = documentText({ type: 'doc', content: document.content });
  return text.trim() === '' ? 0 : text.length;
}

/** The BCP 47 code of the publication: the metadata language, else the language the book is written in. */
export function publicationLanguage(book: Pick<Book, 'languageMetadata' | 'language'>): string {
  return effectiveMetadataLanguage(book);
}

/** Everything the renderers need, as plain data (it may travel to a worker thread). */
export function toExportBook(book: Book, document: TiptapDocument, cover: ExportBook['cover']): ExportBook {
  return {
    id: book._id,
    title: book.title,
    subtitle: book.subtitle,
    author: book.author,
    identifier: book.identifier,
    languageCode: publicationLanguage(book),
    language: book.language,
    languageMetadata: book.languageMetadata,
    genre: book.genreMetadata || book.genre,
    publisher: book.publisher,
    description: book.description,
    keywords: book.keywords,
    rights: book.rights,
    publicationDate: book.publicationDate,
    isbn: book.isbn,
    glossary: planGlossary(book.bookState),
    document,
    cover,
  };
}

/**
 * The names a plan gives (characters, and the capitalised words of the setting, which name its places),
 * which print never hyphenates.
 */
export function planGlossary(state: Book['bookState']): string[] {
  if (!state) return [];
  const names = 'characters' in state ? state.characters.map((c) => c.name) : [];
  const setting = state.expandedIdea.worldBuilding?.setting ?? '';
  const places = setting.match(/\p{Lu}[\p{L}\p{M}'’-]+/gu) ?? [];
  return [...new Set([...names, ...places].map((n) => n.trim()).filter(Boolean))];
}

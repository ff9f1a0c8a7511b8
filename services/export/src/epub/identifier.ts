import type { ExportBook } from '../export-book';
import { isbnDigits } from '../domain/isbn';
import { singleLine } from './xml';

const uuidPattern = /^(?:urn:uuid:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The EPUB's unique identifier, from the book's metadata so every export of a book carries the same one
 * (reading systems and stores match editions by it): an ISBN becomes `urn:isbn:…`, a UUID `urn:uuid:…`,
 * anything else is kept as written. Without an identifier (export refuses that case, but a renderer must
 * not make up a random one) the ISBN, then the book's own id.
 */
export function publicationIdentifier(book: Pick<ExportBook, 'id' | 'identifier' | 'isbn'>): string {
  const written = singleLine(book.identifier ?? '');
  if (written !== '') return normaliseIdentifier(written);
  const isbn = book.isbn ? isbnDigits(book.isbn) : null;
  if (isbn) return `urn:isbn:${isbn}`;
  return `urn:bookwright:book:${book.id}`;
}

/** The ISBN as a second identifier, when there is one and the main identifier is not already it. */
export function isbnIdentifier(book: Pick<ExportBook, 'id' | 'identifier' | 'isbn'>): string | null {
  const isbn = book.isbn ? isbnDigits(book.isbn) : null;
  if (!isbn) return null;
  const urn = `urn:isbn:${isbn}`;
  return publicationIdentifier(book) === urn ? null : urn;
}

function normaliseIdentifier(written: string): string {
  const uuid = uuidPattern.exec(written)?.[1];
  if (uuid) return `urn:uuid:${uuid.toLowerCase()}`;
  const isbn = isbnDigits(written.replace(/^(?:urn:)?isbn:?/i, ''));
  if (isbn) return `urn:isbn:${isbn}`;
  return written;
}

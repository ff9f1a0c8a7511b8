import { metadataLanguageFor, suggestedTranslationTitle, type BookLanguage } from '@bookwright/contracts/http';
import type { Insertable } from 'kysely';
import type { BookRow, BooksTable } from '../db/schema';
import { moveBook } from './book-status';
import { heldAllowance } from './allowance-keys';

/** Where the original's manuscript waits for the writer, as it was when the translation was asked for. */
export const translationSourcePrefix = (bookId: string): string => `translation-sources/${bookId}`;
export const translationSourceKey = (bookId: string): string => `${translationSourcePrefix(bookId)}/source.json`;

/**
 * The row of a new translation of `source` into `language`, under the author's title for it (else the
 * original's with the language named: never the very same title). It keeps the original's type, size and
 * plan (so the editor's side panel and the writer's glossary have it), and its publishing details but for
 * what names this edition: the metadata language is the translation's own, and identifier and ISBN are
 * left for the author, as another edition has other ones. The manuscript comes from the writer.
 */
export function newTranslationRow(input: {
  id: string;
  source: BookRow;
  language: BookLanguage;
  title?: string | undefined;
  idempotencyKey: string;
  allowanceKey: string;
}): Insertable<BooksTable> {
  const { source } = input;
  return {
    id: input.id,
    user_id: source.user_id,
    idempotency_key: input.idempotencyKey,
    allowance_key: input.allowanceKey,
    status: moveBook('translation', 'translate'),
    title: input.title ?? suggestedTranslationTitle(source.title, input.language),
    subtitle: source.subtitle,
    genre: source.genre,
    book_type: source.book_type,
    language: input.language,
    target_audience: source.target_audience,
    size: source.size,
    prompt: source.prompt,
    book_state: JSON.stringify(source.book_state),
    cover_image: null,
    failure: JSON.stringify(null),
    author: source.author,
    identifier: null,
    language_metadata: metadataLanguageFor(input.language),
    genre_metadata: source.genre_metadata,
    publisher: source.publisher,
    description: null,
    keywords: JSON.stringify(source.keywords),
    rights: source.rights,
    publication_date: null,
    isbn: null,
    translation: JSON.stringify({
      sourceBookId: source.id,
      sourceTitle: source.title,
      sourceLanguage: source.language as BookLanguage,
    }),
    write_attempt: 1,
  };
}

/** The writer's order for a translation's current attempt. */
export function translationRequest(
  book: Pick<BookRow, 'id' | 'user_id' | 'language' | 'translation' | 'write_attempt' | 'allowance_key'>,
) {
  if (!book.translation) throw new Error(`book ${book.id} is not a translation`);
  return {
    bookId: book.id,
    userId: book.user_id,
    attempt: Math.max(1, book.write_attempt),
    sourceBookId: book.translation.sourceBookId,
    sourceLanguage: book.translation.sourceLanguage,
    language: book.language as BookLanguage,
    sourceContentKey: translationSourceKey(book.id),
    ...heldAllowance(book),
  };
}

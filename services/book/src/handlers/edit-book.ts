import {
  AppError,
  events,
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  parseCoverImageUrl,
  type requests,
  uniqueKeywords,
} from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import { assertEditable } from '../domain/book-status';
import { firstIssue, manuscriptMessages } from '../domain/manuscript';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from './conditional-save';
import { changeOwnedBook } from './owned-book';

export const editMessages = {
  invalidState: 'The book structure is not valid',
  ...manuscriptMessages,
  coverInvalid: 'The cover image must be a link to an uploaded or generated cover',
} as const;

async function announceUpdate(trx: Transaction<BookDatabase>, book: BookRow, fields: string[]): Promise<void> {
  await enqueueEvent(trx, events.bookUpdated, { bookId: book.id, userId: book.user_id, fields, status: book.status });
}

export function updateBookState(deps: BookHandlerDeps) {
  return async ({ userId, bookId, newBookState }: z.output<(typeof requests.book.updateState)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertEditable(book.status, 'structure');
      const schema = book.book_type === 'fiction' ? FictionBookStateSchema : NonFictionBookStateSchema;
      const parsed = schema.safeParse(newBookState);
      if (!parsed.success) throw new AppError(400, `${editMessages.invalidState}: ${firstIssue(parsed.error)}`);
      const updated = await booksRepository.update(trx, book.id, { book_state: JSON.stringify(parsed.data) });
      await announceUpdate(trx, updated, ['bookState']);
      return presentBook(updated);
    });
}

export function setCover(deps: BookHandlerDeps) {
  return async ({ userId, bookId, coverImage }: z.output<(typeof requests.book.setCover)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      // Only a cover URL of this very book (the cover service has checked the cover exists), or null.
      if (coverImage !== null && parseCoverImageUrl(coverImage)?.bookId !== book.id) {
        throw new AppError(400, editMessages.coverInvalid);
      }
      const updated = await booksRepository.update(trx, book.id, { cover_image: coverImage });
      await announceUpdate(trx, updated, ['coverImage']);
      return presentBook(updated);
    });
}

/** The columns a metadata save writes, in their stored form. */
function metadataColumns(metadata: z.output<(typeof requests.book.updateMetadata)['request']>['metadata']) {
  return {
    title: metadata.title,
    author: metadata.author,
    identifier: metadata.identifier,
    language_metadata: metadata.languageMetadata,
    genre_metadata: metadata.genreMetadata,
    publisher: metadata.publisher,
    description: metadata.description,
    // The request schema already did this; kept here so no other caller can store "Mut" beside "mut".
    keywords: JSON.stringify(uniqueKeywords(metadata.keywords)),
    rights: metadata.rights,
    publication_date: metadata.publicationDate,
    isbn: metadata.isbn,
    subtitle: metadata.subtitle,
  };
}

function holdsMetadata(book: BookRow, columns: ReturnType<typeof metadataColumns>): boolean {
  return Object.entries(columns).every(([key, value]) =>
    key === 'keywords' ? JSON.stringify(book.keywords) === value : book[key as keyof BookRow] === value,
  );
}

export function updateMetadata(deps: BookHandlerDeps) {
  return async ({ userId, bookId, metadata, ifMatch }: z.output<(typeof requests.book.updateMetadata)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      const columns = metadataColumns(metadata);
      const unchanged = holdsMetadata(book, columns);
      if (checkIfMatch(book, ifMatch, () => unchanged) === 'unchanged' || unchanged) return presentBook(book);
      const updated = await booksRepository.update(trx, book.id, columns);
      await announceUpdate(trx, updated, ['metadata']);
      return presentBook(updated);
    });
}

import {
  AppError,
  events,
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  parseCoverImageUrl,
  TiptapDocumentSchema,
  type requests,
} from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import { assertEditable } from '../domain/book-status';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from './owned-book';
import { recordRevision } from './revisions';

export const editMessages = {
  invalidState: 'The book structure is not valid',
  contentNotJson: 'Book content must be the editor document as JSON text',
  contentInvalid: 'Book content is not a valid editor document',
  coverInvalid: 'The cover image must be a link to an uploaded or generated cover',
} as const;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

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

export function updateContent(deps: BookHandlerDeps) {
  return async ({ userId, bookId, bookContent }: z.output<(typeof requests.book.updateContent)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertEditable(book.status, 'manuscript');
      let document: unknown;
      try {
        document = JSON.parse(bookContent);
      } catch {
        throw new AppError(400, editMessages.contentNotJson);
      }
      const parsed = TiptapDocumentSchema.safeParse(document);
      if (!parsed.success) throw new AppError(400, `${editMessages.contentInvalid}: ${firstIssue(parsed.error)}`);
      const content = JSON.stringify(parsed.data);
      const updated = await booksRepository.update(trx, book.id, { book_content: content });
      await recordRevision(trx, deps, book.id, content);
      await announceUpdate(trx, updated, ['bookContent']);
      return presentBook(updated);
    });
}

export function updateMetadata(deps: BookHandlerDeps) {
  return async ({ userId, bookId, metadata }: z.output<(typeof requests.book.updateMetadata)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      const updated = await booksRepository.update(trx, book.id, {
        title: metadata.title,
        author: metadata.author,
        identifier: metadata.identifier,
        language_metadata: metadata.languageMetadata,
        genre_metadata: metadata.genreMetadata,
        publisher: metadata.publisher,
        description: metadata.description,
        keywords: JSON.stringify(metadata.keywords),
        rights: metadata.rights,
        publication_date: metadata.publicationDate,
        isbn: metadata.isbn,
        subtitle: metadata.subtitle,
      });
      await announceUpdate(trx, updated, ['metadata']);
      return presentBook(updated);
    });
}

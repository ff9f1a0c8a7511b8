import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';
import { manuscriptMessages } from './manuscript';

/** What the edits of a book's structure, cover and metadata share: their messages and their announcement. */
export const editMessages = {
  invalidState: 'The book structure is not valid',
  ...manuscriptMessages,
  coverInvalid: 'The cover image must be a link to an uploaded or generated cover',
} as const;

/** `book.updated` with the fields an edit changed, in the edit's transaction. */
export async function announceUpdate(trx: Transaction<BookDatabase>, book: BookRow, fields: string[]): Promise<void> {
  await enqueueEvent(trx, events.bookUpdated, { bookId: book.id, userId: book.user_id, fields, status: book.status });
}

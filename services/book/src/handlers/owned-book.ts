import type { Transaction } from 'kysely';
import { AppError, apiMessages } from '@bookwright/contracts';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import type { BookHandlerDeps } from './deps';

/**
 * Runs `change` on the locked row of one of the user's books, in one transaction, then wakes the outbox
 * relay. An unknown id and someone else's book are the same 404.
 */
export async function changeOwnedBook<T>(
  deps: BookHandlerDeps,
  owner: { userId: string; bookId: string } | { bookId: string },
  change: (trx: Transaction<BookDatabase>, book: BookRow) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const book = await booksRepository.findForUpdate(trx, owner.bookId);
    if (!book || ('userId' in owner && book.user_id !== owner.userId)) throw new AppError(404, apiMessages.notFound);
    return change(trx, book);
  });
  deps.relay.kick();
  return result;
}

/** For events about a book: one that no longer exists (its account was deleted) has nothing left to change. */
export async function changeBookIfPresent(
  deps: BookHandlerDeps,
  bookId: string,
  change: (trx: Transaction<BookDatabase>, book: BookRow) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const book = await booksRepository.findForUpdate(trx, bookId);
    if (book) await change(trx, book);
  });
  deps.relay.kick();
}

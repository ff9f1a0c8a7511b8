import type { Transaction } from 'kysely';
import { AppError, apiMessages } from '@bookwright/contracts';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import type { BookHandlerDeps } from './deps';

/** What these read of a locked row: whose it is, and whether it is in the trash. */
type OwnedRow = Pick<BookRow, 'user_id' | 'deleted_at'>;

/**
 * Runs `change` on the locked row of one of the user's books, in one transaction, then hands its events
 * to the outbox relay. An unknown id, someone else's book and (for the author) a book in the trash are the same 404.
 * Without a user (the writer's reports) a trashed book is handed over too: the caller decides to ignore it.
 */
export async function changeOwnedBook<T, R extends OwnedRow = BookRow>(
  deps: BookHandlerDeps,
  owner: { userId: string; bookId: string } | { bookId: string },
  change: (trx: Transaction<BookDatabase>, book: R) => Promise<T>,
  /** How the row is read and locked, when the change needs more of it than the row (a manuscript save). */
  lock?: (trx: Transaction<BookDatabase>, bookId: string) => Promise<R | undefined>,
): Promise<T> {
  return changeOwnedBookInOrOutOfTrash(
    deps,
    owner,
    async (trx, book) => {
      if ('userId' in owner && book.deleted_at !== null) throw new AppError(404, apiMessages.notFound);
      return change(trx, book);
    },
    lock,
  );
}

/** The same, for the trash's own requests: a book in the trash is found too. */
export async function changeOwnedBookInOrOutOfTrash<T, R extends OwnedRow = BookRow>(
  deps: BookHandlerDeps,
  owner: { userId: string; bookId: string } | { bookId: string },
  change: (trx: Transaction<BookDatabase>, book: R) => Promise<T>,
  lock?: (trx: Transaction<BookDatabase>, bookId: string) => Promise<R | undefined>,
): Promise<T> {
  let committed: Transaction<BookDatabase> | undefined;
  const result = await deps.db.transaction().execute(async (trx) => {
    committed = trx;
    // Without `lock`, R is BookRow (its default): the plain locked row.
    const read = lock ?? ((db, id) => booksRepository.findForUpdate(db, id) as Promise<R | undefined>);
    const book = await read(trx, owner.bookId);
    if (!book || ('userId' in owner && book.user_id !== owner.userId)) throw new AppError(404, apiMessages.notFound);
    return change(trx, book);
  });
  // Publishes what the change held for itself (a save's book.updated), and wakes the relay for the rest.
  if (committed) deps.relay.committed(committed);
  return result;
}

/**
 * For events about a book: one that no longer exists (deleted, or its account was) has nothing left to
 * change, and neither has one in the trash: its work stopped there, and a late answer (a plan, a stall)
 * must not change it. Restoring it asks for the work again.
 */
export async function changeBookIfPresent(
  deps: BookHandlerDeps,
  bookId: string,
  change: (trx: Transaction<BookDatabase>, book: BookRow) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const book = await booksRepository.findForUpdate(trx, bookId);
    if (book && book.deleted_at === null) await change(trx, book);
  });
  deps.relay.kick();
}

/** One of the user's books, for a read that changes nothing: 404 when it is someone else's, unknown or in the trash. */
export async function requireOwned(deps: BookHandlerDeps, userId: string, bookId: string) {
  const book = await booksRepository.findOwnedSummary(deps.db, userId, bookId);
  if (!book) throw new AppError(404, apiMessages.notFound);
  return book;
}

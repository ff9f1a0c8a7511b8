import type { Transaction } from 'kysely';
import { AppError, apiMessages, type BookRole } from '@bookwright/contracts/http';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { changesNeedingAPlan, requireAccess, requirePayerPlan, type BookRequester } from '../access/book-access';
import type { BookHandlerDeps } from '../handlers/deps';

/** What these read of a locked row: its id, whose it is, and whether it is in the trash. */
type OwnedRow = Pick<BookRow, 'id' | 'user_id' | 'deleted_at' | 'workspace_id'>;

/**
 * A person's request about a book, as the access module checks it. `planFree`: a change that needs no plan
 * of the book's payer (applying an uploaded cover, decision 0012).
 */
export type Requester = BookRequester & { planFree?: boolean };

/** A service's own report about a book (the writer's): no person, so no access check. */
export type InternalChange = { bookId: string; userId?: never };

/**
 * Runs `change` on the locked row of a book the person may do `action` to, in one transaction, then hands
 * its events to the outbox relay. An unknown id, a book the person has no role on and (for a person) a book
 * in the trash are the same 404; a role that may not do the action is 403 (access/book-access.ts).
 * Without a person (the writer's reports) a trashed book is handed over too: the caller decides to ignore it.
 */
export async function changeOwnedBook<T, R extends OwnedRow = BookRow>(
  deps: BookHandlerDeps,
  who: Requester | InternalChange,
  change: (trx: Transaction<BookDatabase>, book: R, role: BookRole) => Promise<T>,
  /** How the row is read and locked, when the change needs more of it than the row (a manuscript save). */
  lock?: (trx: Transaction<BookDatabase>, bookId: string) => Promise<R | undefined>,
): Promise<T> {
  return changeOwnedBookInOrOutOfTrash(
    deps,
    who,
    async (trx, book, role) => {
      if (who.userId !== undefined && book.deleted_at !== null) throw new AppError(404, apiMessages.notFound);
      return change(trx, book, role);
    },
    lock,
  );
}

/** The same, for the trash's own requests: a book in the trash is found too. */
export async function changeOwnedBookInOrOutOfTrash<T, R extends OwnedRow = BookRow>(
  deps: BookHandlerDeps,
  who: Requester | InternalChange,
  change: (trx: Transaction<BookDatabase>, book: R, role: BookRole) => Promise<T>,
  lock?: (trx: Transaction<BookDatabase>, bookId: string) => Promise<R | undefined>,
): Promise<T> {
  // The payer's plan may take a bus round trip to billing: asked before the transaction, never while it
  // holds a connection (on PGlite, the one connection billing's answer needs too). Access first: a person
  // with no role learns nothing of plans.
  if (who.userId !== undefined && !who.planFree && changesNeedingAPlan.has(who.action)) {
    const book = await booksRepository.findSummaryInLibrary(deps.db, who.bookId);
    if (book) {
      await requireAccess(deps.db, who.userId, book, who.action);
      await requirePayerPlan(deps.payers, book.user_id, who.action);
    }
  }
  let committed: Transaction<BookDatabase> | undefined;
  const result = await deps.db.transaction().execute(async (trx) => {
    committed = trx;
    // Without `lock`, R is BookRow (its default): the plain locked row.
    const read = lock ?? ((db, id) => booksRepository.findForUpdate(db, id) as Promise<R | undefined>);
    const book = await read(trx, who.bookId);
    if (!book) throw new AppError(404, apiMessages.notFound);
    // A service's own report acts for the book's owner.
    let role: BookRole = 'owner';
    if (who.userId !== undefined) role = await requireAccess(trx, who.userId, book, who.action);
    return change(trx, book, role);
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

/**
 * A book in the library (not the trash) the person may do `action` to, for a read that changes nothing,
 * without its large columns: 404 when unknown, trashed or not theirs to see, 403 when their role forbids it.
 */
export async function requireOwned(deps: BookHandlerDeps, who: Requester) {
  const book = await booksRepository.findSummaryInLibrary(deps.db, who.bookId);
  if (!book) throw new AppError(404, apiMessages.notFound);
  const role = await requireAccess(deps.db, who.userId, book, who.action);
  if (!who.planFree) await requirePayerPlan(deps.payers, book.user_id, who.action);
  return { ...book, role };
}

/** The whole book in the library, for a read: the same checks as `requireOwned`. */
export async function readOwned(deps: BookHandlerDeps, who: Requester) {
  const row = await booksRepository.findInLibrary(deps.db, who.bookId);
  if (!row) throw new AppError(404, apiMessages.notFound);
  const role = await requireAccess(deps.db, who.userId, row, who.action);
  if (!who.planFree) await requirePayerPlan(deps.payers, row.user_id, who.action);
  return { row, role };
}

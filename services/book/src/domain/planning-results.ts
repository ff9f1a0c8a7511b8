import type { BookRow } from '../db/schema';
import { canMove } from './book-status';
import type { BookHandlerDeps } from '../handlers/deps';
import { failBook } from './fail-book';
import { changeBookIfPresent } from './owned-book';

/** True when the answer is for the attempt the book is waiting for; anything else is late or duplicate. */
export const awaited = (book: Pick<BookRow, 'status' | 'plan_attempt'>, attempt: number) =>
  canMove(book.status, 'recordPlan') && book.plan_attempt === attempt;

/** planning → failed with `reason`, when the answer is for the attempt the book waits for. */
export async function failPlanning(deps: BookHandlerDeps, data: { bookId: string; attempt: number }, reason: string) {
  await changeBookIfPresent(deps, data.bookId, async (trx, book) => {
    if (!awaited(book, data.attempt)) return;
    await failBook(trx, book, 'planning', reason, deps.logger);
  });
}

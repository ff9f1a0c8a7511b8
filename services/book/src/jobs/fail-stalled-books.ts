import { booksRepository } from '../repositories/books.repository';
import { bookFailureReasons } from '../domain/failure-reasons';
import type { BookHandlerDeps } from '../handlers/deps';
import { failBook } from '../domain/fail-book';
import { changeBookIfPresent } from '../domain/owned-book';

/**
 * The last guard: a book in planning, writing or translating that has shown no sign of work for `stalledAfterMs`
 * (an event lost for good, a poison message, a worker that never came back) fails with a reason the
 * author can read, and gives its book of the month back. A late answer after that is ignored.
 */
export async function failStalledBooks(deps: BookHandlerDeps, stalledAfterMs: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - stalledAfterMs);
  const stalled = await booksRepository.listStalled(deps.db, cutoff);
  for (const { id } of stalled) {
    await changeBookIfPresent(deps, id, async (trx, book) => {
      if (
        (book.status !== 'planning' && book.status !== 'writing' && book.status !== 'translating') ||
        new Date(book.updated_at) >= cutoff
      )
        return;
      const reason = {
        planning: bookFailureReasons.planningStalled,
        writing: bookFailureReasons.writingStalled,
        translating: bookFailureReasons.translatingStalled,
      }[book.status];
      await failBook(trx, book, book.status, reason, deps.logger);
    });
  }
  return stalled.length;
}

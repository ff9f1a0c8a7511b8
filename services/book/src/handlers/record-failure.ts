import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { failBook } from '../domain/fail-book';
import { changeOwnedBook } from '../domain/owned-book';

/** The writer's report that writing failed for good (a redelivered report for a book that moved on is ignored). */
export function recordFailure(deps: BookHandlerDeps) {
  return async ({ bookId, step, reason }: z.output<(typeof requests.book.recordFailure)['request']>) =>
    changeOwnedBook(deps, { bookId }, async (trx, book) => {
      // In the trash the book keeps what it was, and its allowance: restoring it asks for the work again.
      if (book.status !== step || book.deleted_at !== null) return { applied: false };
      await failBook(trx, book, step, reason, deps.logger);
      return { applied: true };
    });
}

import { AppError, plannedChapters } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { moveBook } from '../domain/book-status';
import { heldAllowance } from '../domain/allowance-keys';
import { presentBook } from '../domain/present-book';
import { requirePlan } from '../domain/allowance';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { lifecycleMessages } from '../domain/lifecycle-messages';
import { requireOwned } from '../domain/owned-book';

/**
 * validation → writing: the author confirmed the (possibly edited) structure. Writing needs a plan: a book
 * planned before the plan ended waits in validation (402) until there is one again.
 */
export function confirmBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.confirm)['request']>) => {
    // A book one has no role on is a 404 whatever the plan; only then does the plan (of its payer) matter.
    const { user_id: ownerId } = await requireOwned(deps, { userId, bookId, action: 'edit', planFree: true });
    await requirePlan(deps, ownerId);
    return changeOwnedBook(deps, { userId, bookId, action: 'edit' }, async (trx, book, role) => {
      const to = moveBook(book.status, 'confirm');
      const chapters = book.book_state ? plannedChapters(book.book_state).length : 0;
      if (chapters === 0) throw new AppError(400, lifecycleMessages.noChapters);
      const attempt = book.write_attempt + 1;
      const updated = await booksRepository.move(
        trx,
        book.id,
        { from: book.status, to },
        { write_attempt: attempt, chapters_written: 0, chapters_total: chapters, failure: JSON.stringify(null) },
      );
      await enqueueEvent(trx, events.bookConfirmed, {
        bookId: book.id,
        userId: book.user_id,
        attempt,
        ...heldAllowance(book),
      });
      deps.logger.info({ bookId, attempt, chapters }, 'structure confirmed; writing requested');
      return presentBook(updated, role);
    });
  };
}

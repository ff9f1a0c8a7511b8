import { FictionBookStateSchema, NonFictionBookStateSchema, plannedChapters } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { enqueueEvent, giveUpOnLastDelivery, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { moveBook } from '../domain/book-status';
import { bookFailureReasons } from '../domain/failure-reasons';
import { booksRepository } from '../repositories/books.repository';
import type { BookHandlerDeps } from './deps';
import { failBook } from '../domain/fail-book';
import { changeBookIfPresent } from '../domain/owned-book';
import { awaited, failPlanning } from '../domain/planning-results';

type PlanBuilt = z.output<(typeof events.planBuilt)['schema']>;

/**
 * planner.plan-built: planning → validation. A plan this book cannot use fails the book at once; a plan
 * the store keeps rejecting (a database error) is retried, and on its last delivery fails the book, so
 * that no book waits in planning for an answer that was dropped. The database being unreachable is not
 * the plan's fault and never fails the book: `giveUpOnLastDelivery` throws it on, and the bus runs the
 * handler again once the database is back (`waitOutDatabaseOnLastDelivery`, under every consumer).
 */
export function recordPlan(deps: BookHandlerDeps) {
  const store = async (data: PlanBuilt, meta: EventMeta) =>
    changeBookIfPresent(deps, data.bookId, async (trx, book) => {
      if (!awaited(book, data.attempt)) {
        meta.logger.info({ bookId: book.id, status: book.status, attempt: data.attempt }, 'stale plan ignored');
        return;
      }
      const schema = book.book_type === 'fiction' ? FictionBookStateSchema : NonFictionBookStateSchema;
      const parsed = schema.safeParse(data.bookState);
      if (!parsed.success) {
        meta.logger.warn({ bookId: book.id, issues: parsed.error.issues.slice(0, 3) }, 'plan does not fit the book');
        await failBook(trx, book, 'planning', bookFailureReasons.planInvalid, deps.logger);
        return;
      }
      await booksRepository.move(
        trx,
        book.id,
        { from: book.status, to: moveBook(book.status, 'recordPlan') },
        {
          book_state: JSON.stringify(parsed.data),
          chapters_total: plannedChapters(parsed.data).length,
          failure: JSON.stringify(null),
        },
      );
      await enqueueEvent(trx, events.bookPlanned, { bookId: book.id, userId: book.user_id });
      meta.logger.info({ bookId: book.id, attempt: data.attempt }, 'plan recorded');
    });
  return giveUpOnLastDelivery(store, async (data, error) => {
    deps.logger.error({ err: error, bookId: data.bookId }, 'the plan could not be stored');
    await failPlanning(deps, data, bookFailureReasons.planNotStored);
  });
}

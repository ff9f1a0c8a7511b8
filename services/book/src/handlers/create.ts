import { AppError, events, type requests } from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { allowanceKeys } from '../domain/allowance-keys';
import { newBookRow } from '../domain/new-book';
import { presentBook } from '../domain/present-book';
import { booksRepository } from '../repositories/books.repository';
import { confirmAllowance, releaseBook, reserveBook } from '../domain/allowance';
import type { BookHandlerDeps } from './deps';
import { requestPlanning } from '../domain/request-planning';

type Def = typeof requests.book.create;

/**
 * POST /agent/plan. Reserves one book of the allowance, then stores the book in planning and asks for its
 * plan through the outbox, in one transaction. The HTTP request id keys both, so a retried request pays
 * once and finds the book it created.
 */
export function createBook(deps: BookHandlerDeps) {
  return async ({ userId, plan, requestId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const key = allowanceKeys.creation(requestId);
    const earlier = await booksRepository.findByIdempotencyKey(deps.db, userId, key);
    if (earlier) return presentBook(earlier, 'owner');

    await reserveBook(deps, userId, key, requestId);
    let created;
    try {
      created = await deps.db.transaction().execute(async (trx) => {
        const row = await booksRepository.insert(
          trx,
          newBookRow({ id: deps.newId(), userId, plan, idempotencyKey: key, allowanceKey: key }),
        );
        if (!row) return undefined;
        await enqueueEvent(trx, events.bookCreated, {
          bookId: row.id,
          userId,
          title: row.title,
          genre: plan.genre,
          bookType: row.book_type,
          language: plan.language,
          targetAudience: plan.targetAudience,
          size: plan.size,
          prompt: plan.prompt,
        });
        await requestPlanning(trx, row);
        return row;
      });
    } catch (error) {
      // Nothing was stored: the reservation pays for no book.
      await releaseBook(deps, userId, key, requestId);
      if (error instanceof AppError) throw error;
      throw new AppError(500, 'Failed to create book', { cause: error });
    }
    if (!created) {
      // The same request, concurrently: it stored the book (and billing charged the key once).
      const existing = await booksRepository.findByIdempotencyKey(deps.db, userId, key);
      if (!existing) throw new Error('idempotency conflict without a row');
      return presentBook(existing, 'owner');
    }
    await confirmAllowance(deps, userId, 'book', key, requestId);
    deps.relay.kick();
    deps.logger.info({ bookId: created.id, userId }, 'book created; planning requested');
    return presentBook(created, 'owner');
  };
}

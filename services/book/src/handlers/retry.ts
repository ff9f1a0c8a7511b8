import { AppError } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { allowanceKeys, allowanceKindOf, heldAllowance } from '../domain/allowance-keys';
import { moveBook, retryMoveFor } from '../domain/book-status';
import { translationRequest } from '../domain/new-translation';
import { presentBook } from '../domain/present-book';
import { releaseAllowance, reserveAllowance } from '../domain/allowance';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { requestPlanning } from '../domain/request-planning';
import { lifecycleMessages } from '../domain/lifecycle-messages';
import { readOwned } from '../domain/owned-book';

/**
 * failed → the step that failed, again, with one book (a translation: one translation) of the allowance
 * reserved again (the failure gave the last one back). Writing and translating resume from the chapters
 * already done. The reservation is keyed by book, step and attempt: the same retry twice pays once, and a
 * retry that fails again is refunded again.
 */
export function retryBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.retry)['request']>) => {
    // A retry spends an allowance: the book's payer's, whoever asks (billing answers without a plan).
    const { row: book } = await readOwned(deps, { userId, bookId, action: 'manage', planFree: true });
    const payerId = book.user_id;
    const step = book.translation ? 'translating' : book.failure?.step === 'writing' ? 'writing' : 'planning';
    moveBook(book.status, retryMoveFor(step)); // 409 before paying, unless the book failed
    const usesWriteAttempt = step !== 'planning';
    const attempt = (usesWriteAttempt ? book.write_attempt : book.plan_attempt) + 1;
    const key = allowanceKeys.retry(book.id, step, attempt);
    const kind = allowanceKindOf(book);
    await reserveAllowance(deps, payerId, kind, key, undefined, userId);
    let retried;
    try {
      retried = await changeOwnedBook(
        deps,
        { userId, bookId, action: 'manage', planFree: true },
        async (trx, locked, role) => {
          // The same retry from a second click that got here first: its answer, not a second move.
          if (locked.allowance_key === key) return presentBook(locked, role);
          const to = moveBook(locked.status, retryMoveFor(step));
          const lockedAttempt = (usesWriteAttempt ? locked.write_attempt : locked.plan_attempt) + 1;
          if (lockedAttempt !== attempt) throw new AppError(409, lifecycleMessages.retryRaced, { code: 'book_status' });
          const common = { allowance_key: key, failure: JSON.stringify(null) };
          if (step === 'translating') {
            const updated = await booksRepository.move(
              trx,
              locked.id,
              { from: locked.status, to },
              { ...common, write_attempt: attempt },
            );
            await enqueueEvent(trx, events.bookTranslationRequested, translationRequest(updated));
            return presentBook(updated, role);
          }
          if (step === 'writing') {
            const updated = await booksRepository.move(
              trx,
              locked.id,
              { from: locked.status, to },
              {
                ...common,
                write_attempt: attempt,
              },
            );
            await enqueueEvent(trx, events.bookConfirmed, {
              bookId: locked.id,
              userId: payerId,
              attempt,
              ...heldAllowance(updated),
            });
            return presentBook(updated, role);
          }
          const updated = await booksRepository.move(
            trx,
            locked.id,
            { from: locked.status, to },
            {
              ...common,
              plan_attempt: attempt,
            },
          );
          await requestPlanning(trx, updated);
          return presentBook(updated, role);
        },
      );
    } catch (error) {
      await releaseAllowance(deps, payerId, kind, key);
      throw error;
    }
    return retried;
  };
}

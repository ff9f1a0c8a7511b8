import {
  AppError,
  documentText,
  events,
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  plannedChapters,
  TiptapDocumentSchema,
  type BookState,
  type requests,
} from '@bookwright/contracts';
import { enqueueEvent, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import { assertStatus } from '../domain/status-rules';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from './owned-book';

export const lifecycleMessages = {
  noChapters: 'The plan has no chapters yet. Add at least one chapter before confirming.',
} as const;

/** validation → writing: the author confirmed the (possibly edited) structure. */
export function confirmBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.confirm)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertStatus(book.status, ['validation'], 'confirm the structure');
      const chapters = book.book_state ? plannedChapters(book.book_state).length : 0;
      if (chapters === 0) throw new AppError(400, lifecycleMessages.noChapters);
      const attempt = book.write_attempt + 1;
      const updated = await booksRepository.update(trx, book.id, {
        status: 'writing',
        write_attempt: attempt,
        chapters_written: 0,
        chapters_total: chapters,
        failure: JSON.stringify(null),
      });
      await enqueueEvent(trx, events.bookConfirmed, { bookId: book.id, userId, attempt });
      deps.logger.info({ bookId, attempt, chapters }, 'structure confirmed; writing requested');
      return presentBook(updated);
    });
}

/** failed → the step that failed, again. Writing resumes from the chapters already written. */
export function retryBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.retry)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertStatus(book.status, ['failed'], 'retry');
      if (book.failure?.step === 'writing') {
        const attempt = book.write_attempt + 1;
        const updated = await booksRepository.update(trx, book.id, {
          status: 'writing',
          write_attempt: attempt,
          failure: JSON.stringify(null),
        });
        await enqueueEvent(trx, events.bookConfirmed, { bookId: book.id, userId, attempt });
        return presentBook(updated);
      }
      const attempt = book.plan_attempt + 1;
      const updated = await booksRepository.update(trx, book.id, {
        status: 'planning',
        plan_attempt: attempt,
        failure: JSON.stringify(null),
      });
      await enqueueEvent(trx, events.bookPlanningRequested, { bookId: book.id, userId, attempt });
      return presentBook(updated);
    });
}

/** planning → validation. A redelivered plan for a book that moved on is ignored (`applied: false`). */
export function recordPlan(deps: BookHandlerDeps) {
  return async ({ bookId, bookState }: z.output<(typeof requests.book.recordPlan)['request']>) =>
    changeOwnedBook(deps, { bookId }, async (trx, book) => {
      if (book.status !== 'planning') return { applied: false };
      const schema = book.book_type === 'fiction' ? FictionBookStateSchema : NonFictionBookStateSchema;
      const state: BookState = schema.parse(bookState);
      await booksRepository.update(trx, book.id, {
        status: 'validation',
        book_state: JSON.stringify(state),
        chapters_total: plannedChapters(state).length,
        failure: JSON.stringify(null),
      });
      await enqueueEvent(trx, events.bookPlanned, { bookId: book.id, userId: book.user_id });
      return { applied: true };
    });
}

export function recordFailure(deps: BookHandlerDeps) {
  return async ({ bookId, step, reason }: z.output<(typeof requests.book.recordFailure)['request']>) =>
    changeOwnedBook(deps, { bookId }, async (trx, book) => {
      if (book.status !== step) return { applied: false };
      await booksRepository.update(trx, book.id, {
        status: 'failed',
        failure: JSON.stringify({ step, reason, at: new Date().toISOString() }),
      });
      await enqueueEvent(trx, events.bookFailed, { bookId: book.id, userId: book.user_id, step, reason });
      deps.logger.warn({ bookId, step, reason }, 'book failed');
      return { applied: true };
    });
}

/** writing → ready with the manuscript the writer left in the blob store. */
export function completeManuscript(deps: BookHandlerDeps) {
  return async ({
    bookId,
    contentBlobKey,
    words,
    pages,
  }: z.output<(typeof requests.book.completeManuscript)['request']>) => {
    // Read and check the document before taking the row lock: blob I/O must not hold the database.
    const blob = await deps.blobs.get(contentBlobKey);
    if (!blob) throw new AppError(400, `No manuscript under ${contentBlobKey}`);
    const document = TiptapDocumentSchema.parse(JSON.parse(blob.data.toString('utf8')));
    const text = documentText(document);
    return changeOwnedBook(deps, { bookId }, async (trx, book) => {
      if (book.status !== 'writing') return { applied: false };
      await booksRepository.update(trx, book.id, {
        status: 'ready',
        book_content: JSON.stringify(document),
        chapters_written: book.chapters_total,
        failure: JSON.stringify(null),
      });
      await enqueueEvent(trx, events.bookReady, { bookId: book.id, userId: book.user_id, words, pages });
      deps.logger.info({ bookId, words, pages, characters: text.length }, 'manuscript stored; book ready');
      return { applied: true };
    });
  };
}

/** Keeps the library's "chapter n of N" current from the writer's progress events. */
export function trackWritingProgress(deps: BookHandlerDeps) {
  return async (data: z.output<(typeof events.bookChapterWritten)['schema']>, _meta: EventMeta) => {
    await booksRepository.recordProgress(deps.db, data.bookId, data.chaptersWritten, data.chaptersTotal);
  };
}

/**
 * On start, asks again for the work of every book still planning or writing. The planner and writer are
 * idempotent, so a duplicate costs nothing, while a request lost with an in-process bus (which keeps no
 * log across restarts) would leave the book stuck for good.
 */
export async function reannounceUnfinishedWork(deps: BookHandlerDeps): Promise<number> {
  const books = await booksRepository.listUnfinished(deps.db);
  if (books.length === 0) return 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const book of books) {
      if (book.status === 'planning')
        await enqueueEvent(trx, events.bookPlanningRequested, {
          bookId: book.id,
          userId: book.user_id,
          attempt: book.plan_attempt,
        });
      else
        await enqueueEvent(trx, events.bookConfirmed, {
          bookId: book.id,
          userId: book.user_id,
          attempt: Math.max(1, book.write_attempt),
        });
    }
  });
  deps.relay.kick();
  deps.logger.info({ books: books.length }, 'unfinished planning and writing announced again');
  return books.length;
}

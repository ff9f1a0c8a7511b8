import {
  AppError,
  apiMessages,
  documentText,
  events,
  plannedChapters,
  TiptapDocumentSchema,
  type requests,
} from '@bookwright/contracts';
import { enqueueEvent, removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { allowanceKeys, allowanceKindOf } from '../domain/allowance-keys';
import { canMove, completeMoveFor, moveBook, retryMoveFor } from '../domain/book-status';
import { translationRequest, translationSourcePrefix } from '../domain/new-translation';
import { bookFailureReasons } from '../domain/failure-reasons';
import { presentBook } from '../domain/present-book';
import { wordCountOf } from '../domain/revision-policy';
import { confirmAllowance, releaseAllowance, requirePlan, reserveAllowance } from './allowance';
import type { BookHandlerDeps } from './deps';
import { failBook } from './fail-book';
import { changeBookIfPresent, changeOwnedBook } from './owned-book';
import { requestPlanning } from './request-planning';
import { keepRevision } from './revisions';

export const lifecycleMessages = {
  noChapters: 'The plan has no chapters yet. Add at least one chapter before confirming.',
  retryRaced: 'This book was retried at the same time from somewhere else. Reload the library.',
} as const;

/**
 * validation → writing: the author confirmed the (possibly edited) structure. Writing needs a plan: a book
 * planned before the plan ended waits in validation (402) until there is one again.
 */
export function confirmBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.confirm)['request']>) => {
    // Someone else's book is a 404 whatever one's plan; only then does the plan matter.
    if (!(await booksRepository.findOwnedSummary(deps.db, userId, bookId)))
      throw new AppError(404, apiMessages.notFound);
    await requirePlan(deps, userId);
    return changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
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
      await enqueueEvent(trx, events.bookConfirmed, { bookId: book.id, userId, attempt });
      deps.logger.info({ bookId, attempt, chapters }, 'structure confirmed; writing requested');
      return presentBook(updated);
    });
  };
}

/**
 * failed → the step that failed, again, with one book (a translation: one translation) of the allowance
 * reserved again (the failure gave the last one back). Writing and translating resume from the chapters
 * already done. The reservation is keyed by book, step and attempt: the same retry twice pays once, and a
 * retry that fails again is refunded again.
 */
export function retryBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.retry)['request']>) => {
    const book = await booksRepository.findOwned(deps.db, userId, bookId);
    if (!book) throw new AppError(404, apiMessages.notFound);
    const step = book.translation ? 'translating' : book.failure?.step === 'writing' ? 'writing' : 'planning';
    moveBook(book.status, retryMoveFor(step)); // 409 before paying, unless the book failed
    const usesWriteAttempt = step !== 'planning';
    const attempt = (usesWriteAttempt ? book.write_attempt : book.plan_attempt) + 1;
    const key = allowanceKeys.retry(book.id, step, attempt);
    const kind = allowanceKindOf(book);
    await reserveAllowance(deps, userId, kind, key);
    let retried;
    try {
      retried = await changeOwnedBook(deps, { userId, bookId }, async (trx, locked) => {
        // The same retry from a second click that got here first: its answer, not a second move.
        if (locked.allowance_key === key) return presentBook(locked);
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
          return presentBook(updated);
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
          await enqueueEvent(trx, events.bookConfirmed, { bookId: locked.id, userId, attempt });
          return presentBook(updated);
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
        return presentBook(updated);
      });
    } catch (error) {
      await releaseAllowance(deps, userId, kind, key);
      throw error;
    }
    await confirmAllowance(deps, userId, kind, key);
    return retried;
  };
}

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

/**
 * writing (or translating) → ready with the manuscript the writer left in the blob store, kept as the
 * book's first revision ("As written"). A translation's copy of its original is not needed any more and goes.
 */
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
    const outcome = await changeOwnedBook(deps, { bookId }, async (trx, book) => {
      const move = completeMoveFor(book.status);
      // A book in the trash is not changed; the writer keeps the manuscript and hands it over again on restore.
      if (!canMove(book.status, move) || book.deleted_at !== null) return { applied: false, translation: false };
      await booksRepository.move(
        trx,
        book.id,
        { from: book.status, to: moveBook(book.status, move) },
        {
          book_content: JSON.stringify(document),
          chapters_written: book.chapters_total,
          failure: JSON.stringify(null),
        },
      );
      // The writer's text is the first revision, "As written", whatever the author does with it next.
      await keepRevision(trx, deps, book.id, JSON.stringify(document), 'as-written', {
        wordCount: wordCountOf(document),
      });
      await enqueueEvent(trx, events.bookReady, { bookId: book.id, userId: book.user_id, words, pages });
      deps.logger.info({ bookId, words, pages, characters: text.length }, 'manuscript stored; book ready');
      return { applied: true, translation: book.translation !== null };
    });
    if (outcome.translation) await removeBlobsUnder(deps.blobs, translationSourcePrefix(bookId), deps.logger);
    return { applied: outcome.applied };
  };
}

/** Keeps the library's "chapter n of N" current from the writer's progress events (writing and translating). */
export function trackWritingProgress(deps: BookHandlerDeps) {
  return async (
    data: z.output<(typeof events.bookChapterWritten | typeof events.bookChapterTranslated)['schema']>,
    _meta: EventMeta,
  ) => {
    await booksRepository.recordProgress(deps.db, data.bookId, data.chaptersWritten, data.chaptersTotal);
  };
}

/**
 * On start, asks again for the work of every book still planning, writing or translating. The planner and writer are
 * idempotent, so a duplicate costs nothing, while a request lost with an in-process bus (which keeps no
 * log across restarts) would leave the book stuck for good.
 */
export async function reannounceUnfinishedWork(deps: BookHandlerDeps): Promise<number> {
  const books = await booksRepository.listUnfinished(deps.db);
  if (books.length === 0) return 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const book of books) {
      if (book.status === 'planning') await requestPlanning(trx, book);
      else if (book.status === 'translating')
        await enqueueEvent(trx, events.bookTranslationRequested, translationRequest(book));
      else
        await enqueueEvent(trx, events.bookConfirmed, {
          bookId: book.id,
          userId: book.user_id,
          attempt: Math.max(1, book.write_attempt),
        });
    }
    // Asked for again now: the stall watchdog counts from here, not from before the restart.
    await booksRepository.touch(
      trx,
      books.map((b) => b.id),
    );
  });
  deps.relay.kick();
  deps.logger.info({ books: books.length }, 'unfinished planning, writing and translating announced again');
  return books.length;
}

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

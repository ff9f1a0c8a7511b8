import { randomUUID } from 'node:crypto';
import { plannedChapters } from '@bookwright/contracts/http';
import { type events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { giveUpOnLastDelivery, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { failureReasons } from '../domain/failure-reasons';
import { jobsRepository } from '../repositories/jobs.repository';
import { bookOutlivedInsert, fetchBrief } from '../writing/book-brief';
import { jobBriefOf } from '../writing/job';
import type { WritingJobRow } from '../db/schema';
import type { WriterHandlerDeps } from './deps';

type BookConfirmed = z.output<(typeof events.bookConfirmed)['schema']>;

/**
 * `book.confirmed`: the author confirmed the plan (attempt 1) or pressed retry after a failure (a higher
 * attempt). The first confirmation snapshots the plan into a job; a later attempt resumes that job with
 * the chapters it already has; a redelivered event finds its attempt recorded and changes nothing. The
 * writing itself runs in the background (it takes minutes): the event is acknowledged once the job is
 * safely in the database, and the database — not the bus — is what a restarted writer resumes from.
 */
export function onBookConfirmed(deps: WriterHandlerDeps) {
  // The last try must not leave the book waiting in writing: it fails it, and the author can retry. The
  // bus's ten tries with back-off span minutes, so a book service away for a deploy is waited out first.
  return giveUpOnLastDelivery(startWriting(deps), async (event) => {
    await deps.bus.request(requests.book.recordFailure, {
      bookId: event.bookId,
      step: 'writing',
      reason: failureReasons.notStarted,
    });
  });
}

function startWriting(deps: WriterHandlerDeps) {
  return async (event: BookConfirmed, meta: EventMeta): Promise<void> => {
    const logger = meta.logger.child({ bookId: event.bookId, attempt: event.attempt });
    let job = await jobsRepository.findByBook(deps.db, event.bookId);
    if (!job) {
      const brief = await fetchBrief(deps, event.bookId);
      if (!brief) {
        logger.warn('confirmed book no longer exists: nothing to write');
        return;
      }
      if (brief.status !== 'writing') {
        logger.warn({ status: brief.status }, 'confirmed book is not waiting to be written: ignored');
        return;
      }
      const chapters = brief.bookState ? plannedChapters(brief.bookState) : [];
      if (!brief.bookState || chapters.length === 0) {
        const reason = brief.bookState ? failureReasons.noChapters : failureReasons.noPlan;
        logger.warn({ reason }, 'nothing to write');
        await deps.bus.request(requests.book.recordFailure, { bookId: event.bookId, step: 'writing', reason });
        return;
      }
      const stored = await jobsRepository.insert(deps.db, {
        id: randomUUID(),
        bookId: event.bookId,
        userId: brief.userId,
        attempt: event.attempt,
        brief: jobBriefOf(brief),
        plan: brief.bookState,
        chaptersTotal: chapters.length,
      });
      if (stored && !(await bookOutlivedInsert(deps, event.bookId, logger))) return;
      // Whoever won a concurrent insert, this is the book's job now.
      job = await jobsRepository.findByBook(deps.db, event.bookId);
      if (!job) throw new Error(`writing job of book ${event.bookId} vanished`);
      logger.info({ jobId: job.id, chapters: chapters.length }, 'plan snapshot taken');
    }

    await runAttempt(deps, job, event.attempt, logger);
  };
}

/**
 * The attempt of an event, on the book's job: recorded once (a redelivery changes nothing), a newer
 * one resumes a failed job with the chapters it has; then the job runs, or its finished manuscript is
 * handed over again (harmless when the book service has it already; needed when it lost it).
 */
export async function runAttempt(
  deps: WriterHandlerDeps,
  found: WritingJobRow,
  attempt: number,
  logger: EventMeta['logger'],
): Promise<void> {
  let job = found;
  const firstSeen = await jobsRepository.recordAttempt(deps.db, { bookId: job.book_id, attempt, jobId: job.id });
  if (firstSeen) {
    const updated = await jobsRepository.applyAttempt(deps.db, job.id, attempt);
    if (updated && job.status === 'failed') logger.info({ jobId: job.id }, 'retry: resuming from the chapters done');
    job = updated ?? job;
  }
  if (job.status === 'writing') await deps.runner.ensureRunning(job.id);
  else if (job.status === 'completed') await deps.runner.resendCompletion(job);
}

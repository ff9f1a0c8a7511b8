import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WriterDatabase } from '../db/schema';
import { jobsRepository } from '../repositories/jobs.repository';
import type { WritingRunner } from '../writing/writing-runner';

/**
 * `book.trashed`: the book's unfinished job (writing or translating) stops and frees its chapter slots.
 * Its chapters stay: a restore resumes it under a new attempt, and `book.deleted` removes it. A book
 * without a job yet gets none (the book service answers 404 for a trashed book's brief). Idempotent: a
 * stopped job is not stopped again, and a job resumed by a restore (a newer attempt) is not stopped by a
 * late redelivery.
 */
export function onBookTrashed(deps: { db: Kysely<WriterDatabase>; runner: Pick<WritingRunner, 'stopJob'> }) {
  return async ({ bookId, attempt }: z.output<(typeof events.bookTrashed)['schema']>, meta: EventMeta) => {
    const jobId = await jobsRepository.stop(deps.db, bookId, attempt);
    if (!jobId) return;
    deps.runner.stopJob(jobId);
    meta.logger.info({ bookId, jobId }, 'writing stopped: the book went to the trash');
  };
}

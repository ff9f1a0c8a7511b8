import type { events } from '@bookwright/contracts';
import { removeBlobsUnder, type BlobStore, type EventMeta } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WriterDatabase } from '../db/schema';
import { manuscriptPrefix } from '../writing/job';
import type { WritingRunner } from '../writing/writing-runner';

/**
 * A deleted book's writing job (its plan snapshot, attempts and written chapters, by cascade) and its
 * manuscripts go. A job still running here is stopped first; one running elsewhere loses its row under
 * its runner, which then fails to commit and stops: nothing is written for a book that no longer exists.
 */
export function onBookDeleted(deps: {
  db: Kysely<WriterDatabase>;
  blobs: BlobStore;
  runner?: Pick<WritingRunner, 'stopJob'>;
}) {
  return async ({ bookId }: z.output<(typeof events.bookDeleted)['schema']>, meta: EventMeta) => {
    const jobs = await deps.db.deleteFrom('writing_jobs').where('book_id', '=', bookId).returning('id').execute();
    for (const job of jobs) deps.runner?.stopJob(job.id);
    await removeBlobsUnder(deps.blobs, manuscriptPrefix(bookId), meta.logger);
    if (jobs.length > 0) meta.logger.info({ bookId }, "deleted book's writing job removed");
  };
}

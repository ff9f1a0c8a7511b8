import type { events } from '@bookwright/contracts/events';
import { removeBlobsUnder, type BlobStore, type EventMeta } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WriterDatabase } from '../db/schema';
import { jobsRepository } from '../repositories/jobs.repository';
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
    const jobIds = await jobsRepository.deleteForBook(deps.db, bookId);
    for (const jobId of jobIds) deps.runner?.stopJob(jobId);
    await removeBlobsUnder(deps.blobs, manuscriptPrefix(bookId), meta.logger);
    if (jobIds.length > 0) meta.logger.info({ bookId }, "deleted book's writing job removed");
  };
}

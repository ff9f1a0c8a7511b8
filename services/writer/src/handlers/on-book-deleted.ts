import type { events } from '@bookwright/contracts/events';
import type { BlobStore, EventMeta } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WriterDatabase } from '../db/schema';
import { forgetBook } from '../writing/book-gone';
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
    const jobIds = await forgetBook(deps, bookId, meta.logger);
    for (const jobId of jobIds) deps.runner?.stopJob(jobId);
    if (jobIds.length > 0) meta.logger.info({ bookId }, "deleted book's writing job removed");
  };
}

import type { events } from '@bookwright/contracts';
import { forgetPublishedEventsOf, removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import type { BlobStore } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WriterDatabase } from '../db/schema';
import { manuscriptPrefix } from '../writing/job';

/**
 * A deleted book's writing job (its plan snapshot, attempts and written chapters, by cascade) and its
 * manuscripts go. A job still being written loses its row under the runner, which then fails to commit
 * and stops: nothing is written for a book that no longer exists.
 */
export function onBookDeleted(deps: { db: Kysely<WriterDatabase>; blobs: BlobStore }) {
  return async ({ bookId }: z.output<(typeof events.bookDeleted)['schema']>, meta: EventMeta) => {
    await deps.db.deleteFrom('writing_jobs').where('book_id', '=', bookId).execute();
    await removeBlobsUnder(deps.blobs, manuscriptPrefix(bookId), meta.logger);
  };
}

/** Every job of a deleted account, also one whose book the book service never knew (a lost race). */
export function onUserDeleted(deps: { db: Kysely<WriterDatabase>; blobs: BlobStore }) {
  return async ({ userId }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    const jobs = await deps.db.deleteFrom('writing_jobs').where('user_id', '=', userId).returning('book_id').execute();
    for (const job of jobs) await removeBlobsUnder(deps.blobs, manuscriptPrefix(job.book_id), meta.logger);
    await forgetPublishedEventsOf(deps.db, userId);
  };
}

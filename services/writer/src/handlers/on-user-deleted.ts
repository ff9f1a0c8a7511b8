import type { events } from '@bookwright/contracts/events';
import { forgetPublishedEventsOf, removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import type { BlobStore } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WriterDatabase } from '../db/schema';
import { jobsRepository } from '../repositories/jobs.repository';
import { manuscriptPrefix } from '../writing/job';

/** Every job of a deleted account, also one whose book the book service never knew (a lost race). */
export function onUserDeleted(deps: { db: Kysely<WriterDatabase>; blobs: BlobStore }) {
  return async ({ userId }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    const bookIds = await jobsRepository.deleteForUser(deps.db, userId);
    for (const bookId of bookIds) await removeBlobsUnder(deps.blobs, manuscriptPrefix(bookId), meta.logger);
    await forgetPublishedEventsOf(deps.db, userId);
  };
}

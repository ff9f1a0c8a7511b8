import { coverBlobPrefix } from '@bookwright/contracts/http';
import { type events } from '@bookwright/contracts/events';
import { removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { generationsRepository } from '../repositories/generations.repository';
import type { CoverHandlerDeps } from './deps';

/**
 * A deleted book's cover images (uploaded and generated, every variant) go with it, and so do the records
 * of the covers generated for it. The author's cover allowance is billing's and is not given back; the
 * rate limit stops counting those generations (a way round it that costs a whole book is none).
 */
export function onBookDeleted(deps: Pick<CoverHandlerDeps, 'db' | 'blobs'>) {
  return async ({ bookId }: z.output<(typeof events.bookDeleted)['schema']>, meta: EventMeta) => {
    const generations = await generationsRepository.deleteForBook(deps.db, bookId);
    await removeBlobsUnder(deps.blobs, coverBlobPrefix(bookId), meta.logger);
    meta.logger.info({ bookId, generations }, "deleted book's covers removed");
  };
}

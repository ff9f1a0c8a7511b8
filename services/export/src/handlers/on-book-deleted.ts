import type { events } from '@bookwright/contracts/events';
import { removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { ExportHandlerDeps } from './deps';
import { exportBlobPrefix } from './render';

/**
 * The export service keeps no rows; a rendered file normally lives only until the gateway has streamed
 * it. Whatever a failed download left behind goes with the book.
 */
export function onBookDeleted(deps: Pick<ExportHandlerDeps, 'blobs'>) {
  return async ({ bookId }: z.output<(typeof events.bookDeleted)['schema']>, meta: EventMeta) => {
    await removeBlobsUnder(deps.blobs, exportBlobPrefix(bookId), meta.logger);
  };
}

import { bookImageBlobPrefix } from '@bookwright/contracts/http';
import { type events } from '@bookwright/contracts/events';
import { removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { translationSourcePrefix } from '../domain/new-translation';
import type { BookHandlerDeps } from './deps';

/**
 * The book service's own part of `book.deleted`: the row and its revisions went in the transaction that
 * published the event; what is left is the copy of the original an unfinished translation keeps in the
 * blob store, and the images inside its chapters. Running it again finds nothing and does nothing.
 */
export function onBookDeleted(deps: Pick<BookHandlerDeps, 'blobs'>) {
  return async ({ bookId }: z.output<(typeof events.bookDeleted)['schema']>, meta: EventMeta) => {
    await removeBlobsUnder(deps.blobs, translationSourcePrefix(bookId), meta.logger);
    await removeBlobsUnder(deps.blobs, bookImageBlobPrefix(bookId), meta.logger);
  };
}

import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.trashed to the endpoints subscribed to it whose owners may read the book. */
export function onBookTrashed(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookTrashed']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.trashed', bookId: data.bookId, ownerId: data.userId, data }, meta);
}

import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.created to the endpoints subscribed to it whose owners may read the book. */
export function onBookCreated(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookCreated']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.created', bookId: data.bookId, ownerId: data.userId, data }, meta);
}

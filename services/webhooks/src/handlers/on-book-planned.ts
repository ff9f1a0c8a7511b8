import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.planned to the endpoints subscribed to it whose owners may read the book. */
export function onBookPlanned(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookPlanned']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.planned', bookId: data.bookId, ownerId: data.userId, data }, meta);
}

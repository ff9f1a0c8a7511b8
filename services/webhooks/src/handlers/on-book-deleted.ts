import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.deleted to its owner's subscribed endpoints only: the book is gone, nobody else can be asked about. */
export function onBookDeleted(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookDeleted']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.deleted', bookId: data.bookId, ownerId: data.userId, ownerOnly: true, data }, meta);
}

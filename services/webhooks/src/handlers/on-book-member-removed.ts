import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.member.removed to the endpoints subscribed to it whose owners may read the book. */
export function onBookMemberRemoved(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookMemberRemoved']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.member.removed', bookId: data.bookId, ownerId: data.ownerId, data }, meta);
}

import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.member.added to the endpoints subscribed to it whose owners may read the book. */
export function onBookMemberAdded(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookMemberAdded']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.member.added', bookId: data.bookId, ownerId: data.ownerId, data }, meta);
}

import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes book.member.role-changed to the endpoints subscribed to it whose owners may read the book. */
export function onBookMemberRoleChanged(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookMemberRoleChanged']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.member.role-changed', bookId: data.bookId, ownerId: data.ownerId, data }, meta);
}

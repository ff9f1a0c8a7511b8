import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes comment.created to the endpoints subscribed to it whose owners may read the book. */
export function onCommentCreated(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['commentCreated']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'comment.created', bookId: data.bookId, data }, meta);
}

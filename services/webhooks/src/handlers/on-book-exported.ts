import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/**
 * Owes book.exported to the endpoints subscribed to it whose owners may read the book. The event names who
 * exported, not the owner: every endpoint's owner is asked about.
 */
export function onBookExported(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['bookExported']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'book.exported', bookId: data.bookId, data }, meta);
}

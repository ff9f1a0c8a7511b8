import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { fanOut } from '../domain/fan-out';
import type { WebhooksHandlerDeps } from './deps';

/** Owes translation.ready to the endpoints subscribed to it whose owners may read the translation. */
export function onTranslationReady(deps: WebhooksHandlerDeps) {
  return (data: z.output<(typeof events)['translationReady']['schema']>, meta: EventMeta) =>
    fanOut(deps, { type: 'translation.ready', bookId: data.bookId, ownerId: data.userId, data }, meta);
}

import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { generationsRepository } from '../repositories/generations.repository';
import type { CoverHandlerDeps } from './deps';

/** A deleted account's generation records (the rate-limit history) go at once. */
export function onUserDeleted(deps: Pick<CoverHandlerDeps, 'db'>) {
  return async ({ userId }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    const generations = await generationsRepository.deleteForUser(deps.db, userId);
    meta.logger.info({ userId, generations }, "deleted account's generations removed");
  };
}

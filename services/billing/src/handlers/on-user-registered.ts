import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { accountsRepository } from '../repositories/accounts.repository';
import type { BillingHandlerDeps } from './deps';

/**
 * Opens the plan-less billing account of a new user. Idempotent (a redelivery, or an account already
 * opened by an earlier request, is left alone); a database failure throws, so the bus redelivers.
 */
export function onUserRegistered(deps: Pick<BillingHandlerDeps, 'db' | 'now'>) {
  return async (data: z.output<(typeof events.userRegistered)['schema']>, meta: EventMeta): Promise<void> => {
    await accountsRepository.ensure(deps.db, data.userId, deps.now());
    meta.logger.debug({ userId: data.userId }, 'billing account ready');
  };
}

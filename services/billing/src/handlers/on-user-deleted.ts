import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { accountsRepository } from '../repositories/accounts.repository';
import { consumptionsRepository } from '../repositories/consumptions.repository';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

/**
 * A deleted account: its subscription is cancelled at once (no further charge), then every billing row of
 * the user goes. Invoices are not ours to delete: they live at the payment provider, which keeps them for
 * the legal retention period (docs/runbooks/billing.md). Idempotent: a redelivery finds nothing left. A
 * failure to cancel throws before anything is deleted, so the bus redelivers and the cancel is retried.
 */
export function onUserDeleted(deps: Pick<BillingHandlerDeps, 'db' | 'payments'>) {
  return async (data: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta): Promise<void> => {
    const account = await accountsRepository.find(deps.db, data.userId);
    if (!account) return;
    await deps.payments.cancelImmediately(customerOf(account));
    await deps.db.transaction().execute(async (trx) => {
      await consumptionsRepository.deleteOfUser(trx, data.userId);
      await accountsRepository.delete(trx, data.userId);
    });
    meta.logger.info({ userId: data.userId }, 'billing data of the deleted user removed');
  };
}

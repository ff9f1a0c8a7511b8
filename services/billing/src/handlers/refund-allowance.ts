import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { accountsRepository } from '../repositories/accounts.repository';
import { consumptionsRepository } from '../repositories/consumptions.repository';
import { reservationsRepository } from '../repositories/reservations.repository';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.refundAllowance;

export function refundAllowance(deps: BillingHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = deps.now();
    const refunded = await deps.db.transaction().execute(async (trx) => {
      // Ordered against a late confirmation of the same key, which would otherwise take a released unit
      // again between the two updates below.
      await reservationsRepository.lock(trx, input);
      // Only a key that holds a unit gives one back, once: unknown and already-refunded keys do nothing.
      if (!(await consumptionsRepository.markRefunded(trx, input, now))) {
        // Released already (its deadline passed first): nothing more to give, and no event may take it again.
        await reservationsRepository.settleReleased(trx, input);
        return false;
      }
      await accountsRepository.giveBackOne(trx, input, now);
      return true;
    });
    if (refunded) deps.logger.info({ userId: input.userId, kind: input.kind, key: input.key }, 'allowance refunded');
    return {};
  };
}

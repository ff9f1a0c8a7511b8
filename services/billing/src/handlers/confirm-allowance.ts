import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { accountsRepository } from '../repositories/accounts.repository';
import { consumptionsRepository } from '../repositories/consumptions.repository';
import { reservationsRepository } from '../repositories/reservations.repository';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.confirmAllowance;

/**
 * A book now holds the unit reserved under `key`: it is kept, and the reconciliation leaves it alone.
 * A book stored so late that the reconciliation had already given its reservation back takes a unit
 * again, so a book is never free because its service was slow; with nothing left it is logged and kept.
 */
export function confirmAllowance(deps: BillingHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = deps.now();
    return deps.db.transaction().execute(async (trx) => {
      const reservation = await reservationsRepository.lock(trx, input);
      if (!reservation) {
        deps.logger.warn({ ...input }, 'a book confirmed a reservation billing never made');
        return { kept: false };
      }
      if (reservation.state === 'reserved') await reservationsRepository.keep(trx, input);
      // Refunded otherwise than by the reconciliation (its book failed already): given back for good.
      if (reservation.state !== 'released') return { kept: !reservation.refunded };
      const taken = await accountsRepository.takeOne(trx, input.userId, input.kind, now);
      if (!taken) {
        deps.logger.warn({ ...input }, 'a book was stored after its reservation was given back, and none is left');
        return { kept: false };
      }
      await reservationsRepository.retake(trx, input, now);
      await consumptionsRepository.recordPeriod(trx, input);
      deps.logger.info({ ...input }, 'reservation given back too early taken again for its book');
      return { kept: true };
    });
  };
}

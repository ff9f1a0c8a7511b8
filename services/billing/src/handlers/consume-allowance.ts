import { AppError } from '@bookwright/contracts/http';
import { allowanceExhaustedMessages, type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { endDueLocalPlan } from '../domain/plan-cancellation';
import { accountsRepository } from '../repositories/accounts.repository';
import { leftColumn } from '../repositories/allowance-period.sql';
import { consumptionsRepository } from '../repositories/consumptions.repository';
import { currentAccount } from '../domain/current-account';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.consumeAllowance;

export function consumeAllowance(deps: BillingHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = deps.now();
    return deps.db.transaction().execute(async (trx) => {
      await accountsRepository.ensure(trx, input.userId, now);
      // A cancelled local plan that has ended grants nothing more.
      await endDueLocalPlan(trx, input.userId, now);
      // The claim records who spends the unit: `spentBy` (a workspace member spending the owner's pool), else the payer.
      if (!(await consumptionsRepository.claim(trx, input, now))) {
        // A retry of a consumption that went through: answer as then, charge nothing.
        const account = await currentAccount(trx, input.userId, now);
        return { remaining: account[leftColumn[input.kind]] };
      }
      const taken = await accountsRepository.takeOne(trx, input.userId, input.kind, now);
      // Throwing rolls the claim back too, so the key stays free for when there is allowance again.
      if (!taken) throw new AppError(403, allowanceExhaustedMessages[input.kind]);
      await consumptionsRepository.recordPeriod(trx, input);
      return { remaining: taken.remaining };
    });
  };
}

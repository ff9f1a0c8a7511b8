import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { consumptionsRepository } from '../repositories/consumptions.repository';
import { currentAccount } from '../domain/current-account';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.listUsage;

/** Who spent what of a payer's allowances this period: the attribution of a workspace's pool. */
export function listUsage(deps: BillingHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    const spent = await consumptionsRepository.spentBySince(deps.db, userId, account.period_start);
    return {
      periodStart: new Date(account.period_start).toISOString(),
      spenders: [...spent].map(([spender, kinds]) => ({ userId: spender, ...kinds })),
    };
  };
}

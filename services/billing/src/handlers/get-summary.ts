import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentSummary } from '../repositories/accounts.repository';
import { currentAccount } from '../domain/current-account';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.getSummary;

export function getSummary(deps: BillingHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> =>
    presentSummary(await currentAccount(deps.db, userId, deps.now()));
}

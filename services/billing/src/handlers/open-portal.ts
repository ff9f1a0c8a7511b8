import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.openPortal;

export function openPortal(deps: BillingHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> =>
    deps.payments.openPortal(customerOf(await currentAccount(deps.db, userId, deps.now())));
}

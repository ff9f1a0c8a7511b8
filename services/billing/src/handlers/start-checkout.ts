import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.startCheckout;

export function startCheckout(deps: BillingHandlerDeps) {
  return async ({ userId, checkout }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    return deps.payments.startCheckout(customerOf(account), checkout.accountType);
  };
}

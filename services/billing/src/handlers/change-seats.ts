import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { assertPaysForSeats } from '../domain/seats';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.changeSeats;

/**
 * The workspace's owner pays for `seats` seats from now on (Stripe: the seat item's quantity, prorated;
 * local: nothing is charged). 402 unless the owner is on Enterprise. The book service, which asked,
 * keeps the seat limit; billing keeps no count of its own.
 */
export function changeSeats(deps: BillingHandlerDeps) {
  return async ({ userId, workspaceId, seats }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    assertPaysForSeats(account);
    await deps.payments.setSeats(customerOf(account), { workspaceId, seats });
    return { seats };
  };
}

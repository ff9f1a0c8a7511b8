import { AppError } from '@bookwright/contracts/http';
import { billingMessages, type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentSummary } from '../repositories/accounts.repository';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type CancelDef = typeof requests.billing.cancelAtPeriodEnd;

/** POST /payment/cancel: the plan runs to the end of its period, then ends. Cancelling twice is one cancel. */
export function cancelAtPeriodEnd(deps: BillingHandlerDeps) {
  return async ({ userId }: z.output<CancelDef['request']>): Promise<z.input<CancelDef['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    // 409, not 402: nothing is being bought; there is simply nothing in force to cancel.
    if (account.account_type === 'null') throw new AppError(409, billingMessages.noPlanToCancel);
    if (!account.cancel_at_period_end) await deps.payments.setCancellation(customerOf(account), true);
    return presentSummary(await currentAccount(deps.db, userId, deps.now()));
  };
}

import { AppError } from '@bookwright/contracts/http';
import { billingMessages, type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentSummary } from '../repositories/accounts.repository';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type KeepDef = typeof requests.billing.keepPlan;

/** POST /payment/keep-plan: undoes a cancellation at period end ("Keep my plan"). */
export function keepPlan(deps: BillingHandlerDeps) {
  return async ({ userId }: z.output<KeepDef['request']>): Promise<z.input<KeepDef['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    if (account.account_type === 'null' || !account.cancel_at_period_end)
      throw new AppError(409, billingMessages.nothingToKeep);
    await deps.payments.setCancellation(customerOf(account), false);
    return presentSummary(await currentAccount(deps.db, userId, deps.now()));
  };
}

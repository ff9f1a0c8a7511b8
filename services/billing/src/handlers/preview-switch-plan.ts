import { AppError } from '@bookwright/contracts/http';
import { billingMessages, type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BillingConfig } from '../config';
import { allowancesAfterSwitch, usedSince } from '../domain/plan-switch';
import { presentSummary } from '../repositories/accounts.repository';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';
import { planPricesOf } from './get-plans';

type Def = typeof requests.billing.previewSwitch;

/**
 * POST /payment/preview: what a switch would cost before it happens (the provider's proration, the new
 * monthly price) and what the month's allowances become under the switch rule. Changes nothing.
 */
export function previewSwitch(deps: BillingHandlerDeps, config: BillingConfig) {
  const prices = planPricesOf(config);
  return async ({ userId, accountType }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    if (account.account_type === accountType) throw new AppError(409, billingMessages.alreadyOnPlan);
    if (account.account_type === 'null' || account.subscription_status === null)
      throw new AppError(409, billingMessages.noPlanToSwitch);
    const quote = await deps.payments.previewSwitch(customerOf(account), accountType);
    const configured = prices.plans.find((plan) => plan.accountType === accountType)?.amount ?? 0;
    const left = allowancesAfterSwitch(accountType, await usedSince(deps.db, userId, account.period_start));
    return {
      from: account.account_type,
      to: accountType,
      currency: 'eur',
      proratedAmount: quote.proratedAmount,
      newMonthlyAmount: quote.newMonthlyAmount ?? configured,
      nextBillingDate: presentSummary(account).nextBillingDate,
      booksLeftAfter: left.book,
      coversLeftAfter: left.cover,
      translationsLeftAfter: left.translation,
    };
  };
}

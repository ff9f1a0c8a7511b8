import { plans } from '@bookwright/contracts/http';
import { type PlanPrices } from '@bookwright/contracts/bus';
import { usePaymentPlansQuery, type PaidPlan } from './billingApi';
import { formatAmount } from './euros';

export { formatAmount };

/** The monthly price of each paid plan, as every screen shows it. */
export interface PlanPricesView {
  /** Plans activate without any charge (the local payment provider). */
  local: boolean;
  prices: Record<PaidPlan, number>;
  priceOf: (plan: PaidPlan) => number;
}

/**
 * The prices of `GET /payment/plans` (billing's configuration); until it has answered, or when it cannot,
 * the defaults of that configuration (contracts' plan table), which is also what the pre-rendered pages
 * carry. Any answer not of its shape counts as none.
 */
export function planPricesFrom(answer: PlanPrices | undefined): PlanPricesView {
  const configured = (plan: PaidPlan) => {
    const amount = answer?.plans?.find((p) => p.accountType === plan)?.amount;
    return typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? amount : plans[plan].priceEur;
  };
  const prices = { starter: configured('starter'), professional: configured('professional') };
  return { local: answer?.provider === 'local', prices, priceOf: (plan) => prices[plan] };
}

/**
 * The one price per plan every screen shows (docs/decisions/0016): the landing page's pricing and FAQ,
 * /choose-plan and the in-app plans. No screen writes a price of its own.
 */
export function usePlanPrices(): PlanPricesView {
  const { data } = usePaymentPlansQuery();
  return planPricesFrom(data);
}

/** "€30", "€29.50": a monthly plan price as the cards show it. */
export function formatPlanPrice(amount: number): string {
  return formatAmount(amount).replace(/\.00$/, '');
}

import type { PlanPrices, requests } from '@bookwright/contracts/bus';
import { plans } from '@bookwright/contracts/http';
import type { z } from 'zod';
import type { BillingConfig } from '../config';

type Def = typeof requests.billing.getPlans;

/** The one configured price per paid plan: every screen that shows a price reads it from here. */
export function planPricesOf(config: BillingConfig): PlanPrices {
  return {
    provider: config.PAYMENT_PROVIDER,
    currency: 'eur',
    plans: [
      { accountType: 'starter', amount: config.PRICE_STARTER_EUR, label: plans.starter.label },
      { accountType: 'professional', amount: config.PRICE_PROFESSIONAL_EUR, label: plans.professional.label },
    ],
  };
}

export function getPlans(config: BillingConfig) {
  const answer = planPricesOf(config);
  return async (_request: z.output<Def['request']>): Promise<z.input<Def['response']>> => answer;
}

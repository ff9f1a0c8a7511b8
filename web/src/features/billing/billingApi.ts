import { plans, type currency, type PlanPrices } from '@bookwright/contracts';
import { api } from '../../api/api';

export type PaidPlan = 'starter' | 'professional';

export interface CheckoutRequest {
  accountType: PaidPlan;
  currency: typeof currency;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Starts a checkout (or switches the plan); the answer carries the url the browser must go to. */
    createCheckout: build.mutation<{ url: string }, CheckoutRequest>({
      query: (body) => ({ url: '/payment', method: 'POST', body }),
      transformResponse: (response: { data: { url: string } }) => response.data,
      invalidatesTags: ['CurrentUser'],
    }),
    /** The configured price of each plan and who takes the payment (public). */
    paymentPlans: build.query<PlanPrices, void>({
      query: () => '/payment/plans',
      transformResponse: (response: { data: PlanPrices }) => response.data,
    }),
  }),
});

export const { useCreateCheckoutMutation, usePaymentPlansQuery } = billingApi;

export function isPaidPlan(value: string | null): value is PaidPlan {
  return value === 'starter' || value === 'professional';
}

/**
 * The one price per plan every screen shows (docs/decisions/0007): billing's configured amounts, and
 * the contracts' defaults until they have arrived. `local` = plans activate without any charge.
 */
export function usePlanPrices(): { local: boolean; priceOf: (plan: PaidPlan) => number } {
  const { data } = usePaymentPlansQuery();
  return {
    local: data?.provider === 'local',
    priceOf: (plan) => data?.plans.find((p) => p.accountType === plan)?.amount ?? plans[plan].priceEur,
  };
}

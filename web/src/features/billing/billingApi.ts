import type { currency } from '@bookwright/contracts';
import { api } from '../../api/api';

export type PaidPlan = 'starter' | 'professional';

export interface CheckoutRequest {
  accountType: PaidPlan;
  currency: typeof currency;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Starts a checkout; the answer carries the url the browser must go to. */
    createCheckout: build.mutation<{ url: string }, CheckoutRequest>({
      query: (body) => ({ url: '/payment', method: 'POST', body }),
    }),
  }),
});

export const { useCreateCheckoutMutation } = billingApi;

export function isPaidPlan(value: string | null): value is PaidPlan {
  return value === 'starter' || value === 'professional';
}

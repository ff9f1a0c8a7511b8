import { type currency, type User } from '@bookwright/contracts/http';
import { type PlanPrices, type PlanSwitchPreview } from '@bookwright/contracts/bus';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import { authApi } from '../auth/authApi';

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
    /** POST /payment/preview: what a switch costs now and monthly, before it happens (changes nothing). */
    previewSwitch: build.mutation<PlanSwitchPreview, { accountType: PaidPlan }>({
      query: (body) => ({ url: '/payment/preview', method: 'POST', body }),
      transformResponse: (response: { data: PlanSwitchPreview }) => response.data,
    }),
    /** PATCH /payment/billing-details: the Italian SDI code; answers the User. */
    setBillingDetails: build.mutation<User, { sdi: string }>({
      query: (body) => ({ url: '/payment/billing-details', method: 'PATCH', body }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
    /** POST /payment/cancel: the plan ends at the close of its paid period; answers the User. */
    cancelPlan: build.mutation<User, void>({
      query: () => ({ url: '/payment/cancel', method: 'POST' }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
    /** POST /payment/keep-plan: undoes the cancellation; answers the User. */
    keepPlan: build.mutation<User, void>({
      query: () => ({ url: '/payment/keep-plan', method: 'POST' }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
  }),
});

/** The User a plan change answered becomes current-user at once: banners and Billing follow without a refetch. */
async function storeUser(
  // The dispatch RTK Query hands to onQueryStarted is typed with `any` state in RTK itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: ThunkDispatch<any, unknown, UnknownAction>,
  queryFulfilled: Promise<{ data: User }>,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(authApi.util.upsertQueryData('currentUser', undefined, data));
  } catch {
    // The component that started the mutation reports the failure.
  }
}

export const {
  useCreateCheckoutMutation,
  usePaymentPlansQuery,
  useCancelPlanMutation,
  useKeepPlanMutation,
  usePreviewSwitchMutation,
  useSetBillingDetailsMutation,
} = billingApi;

export function isPaidPlan(value: string | null): value is PaidPlan {
  return value === 'starter' || value === 'professional';
}

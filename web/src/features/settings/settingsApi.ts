import { plans as planDefaults, type Message, type User } from '@bookwright/contracts';
import { api } from '../../api/api';

export interface Invoice {
  id: string;
  number: string;
  date: string;
  periodStart: string | null;
  periodEnd: string | null;
  amount: number;
  status: string;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

export type PaidPlan = 'starter' | 'professional';
export interface PlanOffer {
  accountType: PaidPlan;
  /** Euro per month. */
  amount: number;
  label: string;
}
export interface PlanCatalogue {
  provider: 'local' | 'stripe';
  currency: 'eur';
  plans: PlanOffer[];
}

/** What the settings show before (or without) GET /payment/plans: the prices of contracts' plan table. */
export const defaultCatalogue: PlanCatalogue = {
  provider: 'local',
  currency: 'eur',
  plans: (['starter', 'professional'] as const).map((accountType) => ({
    accountType,
    amount: planDefaults[accountType].priceEur,
    label: planDefaults[accountType].label,
  })),
};

/** Billing answers `{ data: … }` (shared contract); older gateways answered the bare value. */
function unwrap<T>(body: unknown, legacyKey?: string): T {
  const record = (body ?? {}) as Record<string, unknown>;
  if ('data' in record) return record.data as T;
  return (legacyKey ? record[legacyKey] : record) as T;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /user/{id}, multipart: the fields and an optional `image` (the new avatar). */
    updateAccount: build.mutation<{ msg: string; user: User }, { id: string; form: FormData }>({
      query: ({ id, form }) => ({ url: `/user/${id}`, method: 'PATCH', body: form }),
      invalidatesTags: ['CurrentUser'],
    }),
    deleteAccount: build.mutation<Message, { id: string; confirmation: { password: string } | { email: string } }>({
      query: ({ id, confirmation }) => ({ url: `/user/${id}`, method: 'DELETE', body: confirmation }),
    }),
    planCatalogue: build.query<PlanCatalogue, void>({
      query: () => '/payment/plans',
      transformResponse: (body: unknown) => unwrap<PlanCatalogue>(body),
    }),
    invoices: build.query<Invoice[], void>({
      query: () => '/payment/invoices',
      transformResponse: (body: unknown) => unwrap<Invoice[]>(body, 'invoices') ?? [],
    }),
    changePlan: build.mutation<{ url: string }, { accountType: PaidPlan }>({
      query: ({ accountType }) => ({ url: '/payment', method: 'POST', body: { accountType, currency: 'eur' } }),
      transformResponse: (body: unknown) => unwrap<{ url: string }>(body),
      invalidatesTags: ['CurrentUser'],
    }),
    billingPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/payment/update', method: 'POST' }),
      transformResponse: (body: unknown) => unwrap<{ url: string }>(body),
    }),
  }),
});

export const {
  useUpdateAccountMutation,
  useDeleteAccountMutation,
  usePlanCatalogueQuery,
  useInvoicesQuery,
  useChangePlanMutation,
  useBillingPortalMutation,
} = settingsApi;

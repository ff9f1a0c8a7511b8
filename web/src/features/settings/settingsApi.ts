import type { Message, User } from '@bookwright/contracts/http';
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
    /** PATCH /user/{id}/mail-settings: the account's mail switches; the user is read again. */
    updateMailSettings: build.mutation<{ msg: string; user: User }, { id: string; mailAboutComments: boolean }>({
      query: ({ id, mailAboutComments }) => ({
        url: `/user/${id}/mail-settings`,
        method: 'PATCH',
        body: { mailAboutComments },
      }),
      invalidatesTags: ['CurrentUser'],
    }),
    deleteAccount: build.mutation<Message, { id: string; confirmation: { password: string } | { email: string } }>({
      query: ({ id, confirmation }) => ({ url: `/user/${id}`, method: 'DELETE', body: confirmation }),
    }),
    invoices: build.query<Invoice[], void>({
      query: () => '/payment/invoices',
      transformResponse: (body: unknown) => unwrap<Invoice[]>(body, 'invoices') ?? [],
    }),
    billingPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/payment/update', method: 'POST' }),
      transformResponse: (body: unknown) => unwrap<{ url: string }>(body),
    }),
  }),
});

export const {
  useUpdateAccountMutation,
  useUpdateMailSettingsMutation,
  useDeleteAccountMutation,
  useInvoicesQuery,
  useBillingPortalMutation,
} = settingsApi;

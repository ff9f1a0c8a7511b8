import type {
  ApiToken,
  ApiTokenList,
  CreateApiTokenRequest,
  CreateWebhookRequest,
  CreatedApiToken,
  Message,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookWithSecret,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';

/** An endpoint's deliveries, and when to read them again (ms; 0: not until something changes here). */
export interface Deliveries {
  list: WebhookDelivery[];
  nextPoll: number;
}

/**
 * While a delivery is pending its attempts come from the dispatcher, so the list is read again: every two
 * seconds while one is due within the minute (just sent, redelivered, a test), every half minute while the
 * next retry is further off (the schedule reaches hours), not at all when none is pending.
 */
export function nextPoll(deliveries: WebhookDelivery[], now: number): number {
  const pending = deliveries.filter((delivery) => delivery.status === 'pending');
  if (pending.length === 0) return 0;
  const soon = pending.some(
    (delivery) => delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - now < 60_000,
  );
  return soon ? 2_000 : 30_000;
}

const webhookUrl = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/**
 * Settings › API (issue 45): personal and workspace API tokens, and outgoing webhooks with their deliveries.
 * Its tag types are added here rather than in the shared slice, so the feature stays in its own folder.
 */
export const apiAccessApi = api
  .enhanceEndpoints({ addTagTypes: ['ApiTokens', 'Webhooks', 'WebhookDeliveries'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listApiTokens: build.query<ApiToken[], void>({
        query: () => '/tokens',
        transformResponse: (answer: ApiTokenList) => answer.tokens,
        providesTags: ['ApiTokens'],
      }),
      /** The answer holds the secret: the one time it is shown. */
      createApiToken: build.mutation<CreatedApiToken, CreateApiTokenRequest>({
        query: (body) => ({ url: '/tokens', method: 'POST', body }),
        invalidatesTags: ['ApiTokens'],
      }),
      revokeApiToken: build.mutation<Message, string>({
        query: (id) => ({ url: `/tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['ApiTokens'],
      }),
      listWebhooks: build.query<Webhook[], void>({
        query: () => '/webhooks',
        transformResponse: (answer: WebhookList) => answer.webhooks,
        providesTags: ['Webhooks'],
      }),
      createWebhook: build.mutation<WebhookWithSecret, CreateWebhookRequest>({
        query: (body) => ({ url: '/webhooks', method: 'POST', body }),
        invalidatesTags: ['Webhooks'],
      }),
      updateWebhook: build.mutation<Webhook, { id: string; changes: UpdateWebhookRequest }>({
        query: ({ id, changes }) => ({ url: webhookUrl(id), method: 'PATCH', body: changes }),
        invalidatesTags: ['Webhooks'],
      }),
      deleteWebhook: build.mutation<Message, string>({
        query: (id) => ({ url: webhookUrl(id), method: 'DELETE' }),
        invalidatesTags: ['Webhooks'],
      }),
      /** A new secret, shown once; the old one keeps signing beside it for 24 hours. */
      rotateWebhookSecret: build.mutation<WebhookWithSecret, string>({
        query: (id) => ({ url: `${webhookUrl(id)}/rotate-secret`, method: 'POST' }),
      }),
      testWebhook: build.mutation<WebhookDelivery, string>({
        query: (id) => ({ url: `${webhookUrl(id)}/test`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
      }),
      listWebhookDeliveries: build.query<Deliveries, string>({
        query: (id) => `${webhookUrl(id)}/deliveries`,
        transformResponse: (answer: WebhookDeliveryList): Deliveries => ({
          list: answer.deliveries,
          nextPoll: nextPoll(answer.deliveries, Date.now()),
        }),
        providesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
      }),
      redeliverWebhook: build.mutation<WebhookDelivery, { webhookId: string; deliveryId: string }>({
        query: ({ webhookId, deliveryId }) => ({
          url: `${webhookUrl(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
          method: 'POST',
        }),
        invalidatesTags: (_result, _error, { webhookId }) => [{ type: 'WebhookDeliveries', id: webhookId }],
      }),
    }),
  });

export const {
  useListApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useTestWebhookMutation,
  useListWebhookDeliveriesQuery,
  useRedeliverWebhookMutation,
} = apiAccessApi;

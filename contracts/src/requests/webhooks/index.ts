import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { defineHealthRequest } from '../health';
import {
  CreateWebhookRequestSchema,
  UpdateWebhookRequestSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '../../http/webhooks/webhooks';

const owned = { userId: z.string(), webhookId: z.string() };

/** Outgoing webhooks (issue 45, decision 0046): the webhooks service keeps endpoints and deliveries. */
export const webhooksRequests = {
  health: defineHealthRequest('webhooks'),
  createWebhook: defineRequest({
    name: 'webhooks.webhook.create',
    version: 1,
    request: z.object({ userId: z.string(), ...CreateWebhookRequestSchema.shape }),
    response: WebhookWithSecretSchema,
    description:
      'Makes an endpoint (Enterprise only: 402 otherwise; 400 for a URL that is not https or reaches a private ' +
      'address); the signing secret is in this reply only.',
  }),
  listWebhooks: defineRequest({
    name: 'webhooks.webhooks.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: WebhookListSchema,
    description: "The user's endpoints, newest first, without their secrets.",
  }),
  updateWebhook: defineRequest({
    name: 'webhooks.webhook.update',
    version: 1,
    request: z.object({ ...owned, ...UpdateWebhookRequestSchema.shape }),
    response: WebhookSchema,
    description: "Changes an endpoint's URL, events, description or enabled state; 404 when it is not theirs.",
  }),
  deleteWebhook: defineRequest({
    name: 'webhooks.webhook.delete',
    version: 1,
    request: z.object(owned),
    response: z.object({}),
    description: 'Deletes an endpoint with its deliveries; 404 when it is not theirs.',
  }),
  rotateSecret: defineRequest({
    name: 'webhooks.secret.rotate',
    version: 1,
    request: z.object(owned),
    response: WebhookWithSecretSchema,
    description: 'A new signing secret; the old one keeps signing beside it for 24 hours.',
  }),
  testWebhook: defineRequest({
    name: 'webhooks.webhook.test',
    version: 1,
    request: z.object(owned),
    response: WebhookDeliverySchema,
    description: 'Queues a webhook.test delivery to the endpoint and answers it (pending).',
  }),
  listDeliveries: defineRequest({
    name: 'webhooks.deliveries.list',
    version: 1,
    request: z.object(owned),
    response: WebhookDeliveryListSchema,
    description: "An endpoint's latest deliveries, newest first, each with its attempts.",
  }),
  redeliver: defineRequest({
    name: 'webhooks.redeliver',
    version: 1,
    request: z.object({ ...owned, deliveryId: z.string() }),
    response: WebhookDeliverySchema,
    description: 'Sends a delivery again, now, with the same webhook-id; its attempt schedule starts again.',
  }),
} as const;

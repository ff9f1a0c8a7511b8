import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CreateWebhookRequestSchema, WebhookWithSecretSchema } from '../../http/webhooks/webhooks';

export const createWebhookRequest = defineRequest({
  name: 'webhooks.webhook.create',
  version: 1,
  request: z.object({ userId: z.string(), ...CreateWebhookRequestSchema.shape }),
  response: WebhookWithSecretSchema,
  description:
    'Makes an endpoint (Enterprise only: 402 otherwise; 400 for a URL that is not https or reaches a private ' +
    'address); the signing secret is in this reply only.',
});

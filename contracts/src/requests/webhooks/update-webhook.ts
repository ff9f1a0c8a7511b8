import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { UpdateWebhookRequestSchema, WebhookSchema } from '../../http/webhooks/webhooks';
import { owned } from './request-fields';

export const updateWebhookRequest = defineRequest({
  name: 'webhooks.webhook.update',
  version: 1,
  request: z.object({ ...owned, ...UpdateWebhookRequestSchema.shape }),
  response: WebhookSchema,
  description: "Changes an endpoint's URL, events, description or enabled state; 404 when it is not theirs.",
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WebhookListSchema } from '../../http/webhooks/webhooks';

export const listWebhooksRequest = defineRequest({
  name: 'webhooks.webhooks.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: WebhookListSchema,
  description: "The user's endpoints, newest first, without their secrets.",
});

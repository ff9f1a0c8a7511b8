import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WebhookDeliverySchema } from '../../http/webhooks/webhooks';
import { owned } from './request-fields';

export const testWebhookRequest = defineRequest({
  name: 'webhooks.webhook.test',
  version: 1,
  request: z.object(owned),
  response: WebhookDeliverySchema,
  description: 'Queues a webhook.test delivery to the endpoint and answers it (pending).',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WebhookDeliverySchema } from '../../http/webhooks/webhooks';
import { owned } from './request-fields';

export const redeliverRequest = defineRequest({
  name: 'webhooks.redeliver',
  version: 1,
  request: z.object({ ...owned, deliveryId: z.string() }),
  response: WebhookDeliverySchema,
  description: 'Sends a delivery again, now, with the same webhook-id; its attempt schedule starts again.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WebhookDeliveryListSchema } from '../../http/webhooks/webhooks';
import { owned } from './request-fields';

export const listDeliveriesRequest = defineRequest({
  name: 'webhooks.deliveries.list',
  version: 1,
  request: z.object(owned),
  response: WebhookDeliveryListSchema,
  description: "An endpoint's latest deliveries, newest first, each with its attempts.",
});

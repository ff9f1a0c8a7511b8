import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned } from './request-fields';

export const deleteWebhookRequest = defineRequest({
  name: 'webhooks.webhook.delete',
  version: 1,
  request: z.object(owned),
  response: z.object({}),
  description: 'Deletes an endpoint with its deliveries; 404 when it is not theirs.',
});

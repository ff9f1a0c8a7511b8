import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WebhookWithSecretSchema } from '../../http/webhooks/webhooks';
import { owned } from './request-fields';

export const rotateSecretRequest = defineRequest({
  name: 'webhooks.secret.rotate',
  version: 1,
  request: z.object(owned),
  response: WebhookWithSecretSchema,
  description: 'A new signing secret; the old one keeps signing beside it for 24 hours.',
});

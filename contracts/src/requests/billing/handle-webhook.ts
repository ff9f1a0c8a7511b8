import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const handleWebhookRequest = defineRequest({
  name: 'billing.webhook.handle',
  version: 1,
  request: z.object({
    /** The request body exactly as it arrived: the signature is computed over these bytes. */
    payload: z.string(),
    signature: z.string(),
  }),
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  description:
    "A payment provider's webhook, checked against its signature and applied once per event id; 400 when the signature is wrong.",
});

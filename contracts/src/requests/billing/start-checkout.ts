import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CheckoutRequestSchema, CheckoutResponseSchema } from './billing-bodies';

export const startCheckoutRequest = defineRequest({
  name: 'billing.checkout.start',
  version: 1,
  request: z.object({ userId: z.string(), checkout: CheckoutRequestSchema }),
  response: CheckoutResponseSchema,
  description: 'Starts paying for a plan; answers the URL to send the browser to.',
});

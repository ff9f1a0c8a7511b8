import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const openPortalRequest = defineRequest({
  name: 'billing.portal.open',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: z.object({ url: z.string() }),
  description: "Opens the payment provider's billing portal for the user; 400 when there is none.",
});

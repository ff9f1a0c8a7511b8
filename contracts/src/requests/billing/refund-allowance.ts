import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { AllowanceKindSchema } from './billing-bodies';

export const refundAllowanceRequest = defineRequest({
  name: 'billing.allowance.refund',
  version: 1,
  request: z.object({ userId: z.string(), kind: AllowanceKindSchema, key: z.string().min(1).max(200) }),
  response: z.object({}),
  description: 'Gives back the unit consumed under this key (when the work it paid for could not be done). Idempotent.',
});

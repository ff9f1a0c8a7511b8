import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { AccountTypeSchema } from '../../constants/plan-schemas';

export const billingPlanChangedV1 = defineEvent({
  name: 'billing.plan-changed',
  version: 1,
  schema: z.object({
    userId: z.string(),
    accountType: AccountTypeSchema,
    provider: z.string(),
    nextBillingDate: z.string().nullable(),
  }),
  description: 'A user started or changed a plan.',
});

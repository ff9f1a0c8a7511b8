import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BillingSummarySchema } from '../../entities/user';

export const keepPlanRequest = defineRequest({
  name: 'billing.plan.keep',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: BillingSummarySchema,
  description:
    'Undoes a cancellation at period end (Stripe: cancel_at_period_end=false). Answers the new summary. 409 when the plan is not set to end.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BillingSummarySchema } from '../../entities/user';

export const cancelAtPeriodEndRequest = defineRequest({
  name: 'billing.plan.cancel',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: BillingSummarySchema,
  description:
    'Cancels the plan at the end of the period it is in (Stripe: cancel_at_period_end=true; local payments: a local cancel); the plan runs until then. Answers the new summary; cancelling again changes nothing. 409 without a plan in force.',
});

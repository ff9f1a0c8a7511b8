import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BillingSummarySchema } from '../../entities/user';

export const getSummaryRequest = defineRequest({
  name: 'billing.summary.get',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: BillingSummarySchema,
  description:
    "A user's plan, next billing date and allowances left this month (plan-less defaults for an unknown user).",
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { PaidAccountTypeSchema } from '../../constants/plan-schemas';
import { PlanSwitchPreviewSchema } from './billing-bodies';

export const previewSwitchRequest = defineRequest({
  name: 'billing.plan.preview-switch',
  version: 1,
  request: z.object({ userId: z.string(), accountType: PaidAccountTypeSchema }),
  response: PlanSwitchPreviewSchema,
  description:
    "What a switch to another plan costs now (Stripe's upcoming-invoice preview, prorated) and monthly, and the allowances it leaves; changes nothing.",
});

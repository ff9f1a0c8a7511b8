import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { AccountTypeSchema } from '../../constants/plan-schemas';

export const billingSubscriptionChangedV1 = defineEvent({
  name: 'billing.subscription-changed',
  version: 1,
  schema: z.object({
    userId: z.string(),
    accountType: AccountTypeSchema,
    /** The provider's status: active, past_due, canceled … ; null without a subscription. */
    subscriptionStatus: z.string().nullable(),
    nextBillingDate: z.string().nullable(),
    /** Whether the subscription ends at the end of the period it is in. */
    cancelAtPeriodEnd: z.boolean(),
    /** True when this change started a new period with full monthly allowances (a paid invoice). */
    allowancesReset: z.boolean(),
  }),
  description:
    "A paid subscription's state changed at the payment provider: renewed, past due after a failed payment, " +
    'set to cancel at the period end, or ended (the account is then plan-less).',
});

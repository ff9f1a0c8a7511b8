import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BillingSummarySchema } from '../../entities/user';
import { SdiCodeSchema } from './billing-bodies';

export const setBillingDetailsRequest = defineRequest({
  name: 'billing.details.set',
  version: 1,
  request: z.object({ userId: z.string(), sdi: SdiCodeSchema }),
  response: BillingSummarySchema,
  description:
    "Sets the Italian SDI code: stored, and with Stripe sent as customer metadata and as a custom field printed on the customer's invoices.",
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { InvoiceSchema } from './billing-bodies';

export const listInvoicesRequest = defineRequest({
  name: 'billing.invoices.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: z.object({ invoices: z.array(InvoiceSchema) }),
  description: "The user's invoices, newest first.",
});

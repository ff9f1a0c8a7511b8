import { z } from 'zod';
import { InvoiceSchema, PlanPricesSchema } from '../../requests/billing';

/** The /payment answers carry their payload under `data`, as the spec's clients read `data.url`. */
export const PaymentUrlResponseSchema = z.object({
  data: z.object({ url: z.string(), provider: z.string().optional(), msg: z.string().optional() }),
});
export const InvoicesResponseSchema = z.object({ data: z.array(InvoiceSchema) });
export const PlanPricesResponseSchema = z.object({ data: PlanPricesSchema });

import { z } from 'zod';
import { AccountTypeSchema, PaidAccountTypeSchema } from '../../constants/plan-schemas';

export const AllowanceKindSchema = z.enum(['book', 'cover', 'translation']);
export type AllowanceKind = z.infer<typeof AllowanceKindSchema>;

/** The 403 texts of spec §8, by allowance. */
export const allowanceExhaustedMessages: Record<AllowanceKind, string> = {
  book: 'You have reached the limit of books you can create this month',
  cover: 'You have reached the limit of covers you can generate this month',
  translation: 'You have reached the limit of translations you can make this month',
};

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  amount: z.number(),
  status: z.string(),
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** POST /payment */
export const CheckoutRequestSchema = z.object({
  accountType: z.enum(PaidAccountTypeSchema.options, { error: 'Please choose the Starter or Professional plan' }),
  currency: z.literal('eur', { error: 'Only payments in euro (eur) are supported' }).default('eur'),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const CheckoutResponseSchema = z.object({
  url: z.string(),
  /** `local` = the embedded provider: the plan is active at once and nothing is charged. */
  provider: z.string(),
  msg: z.string(),
});

/** Texts of the billing answers, in one place for the service, the gateway and the web. */
export const billingMessages = {
  noPortalForLocalPlans:
    'There is no billing portal for local plans: nothing is charged, so there is nothing to manage',
  noSubscription: 'You have no subscription to manage yet. Choose a plan first',
  badWebhookSignature: 'Invalid webhook signature',
  badWebhookPayload: 'Invalid webhook payload',
  /** POST /payment/cancel without a plan in force: nothing to cancel (409). */
  noPlanToCancel: 'You have no plan to cancel',
  /** POST /payment/keep-plan when the plan is not set to end (409). */
  nothingToKeep: 'Your plan is not cancelled, so there is nothing to undo',
  /** POST /payment/preview without a paid plan in force: the first plan goes through checkout (409). */
  noPlanToSwitch: 'You have no plan to switch from yet. Choose a plan first',
  /** POST /payment/preview for the plan already in force (409). */
  alreadyOnPlan: 'You are already on this plan',
} as const;

/**
 * The Italian SDI code (Codice Destinatario) for electronic invoices: 7 letters or digits for a business,
 * 6 for a public administration (Codice Univoco Ufficio). Stored upper-case; empty clears it.
 */
export const SdiCodeSchema = z
  .string({ error: 'The SDI code must be text' })
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || /^[A-Z0-9]{6,7}$/.test(value), {
    error: 'The SDI code has 7 letters or digits (6 for a public administration)',
  });

/** PATCH /payment/billing-details */
export const BillingDetailsRequestSchema = z.object({ sdi: SdiCodeSchema });

/** POST /payment/preview: what switching to `accountType` would cost, before it happens. */
export const PlanSwitchPreviewRequestSchema = z.object({
  accountType: z.enum(PaidAccountTypeSchema.options, { error: 'Please choose the Starter or Professional plan' }),
});
export const PlanSwitchPreviewSchema = z.object({
  from: AccountTypeSchema,
  to: PaidAccountTypeSchema,
  currency: z.literal('eur'),
  /** Charged (credited when negative) for the rest of this period on the next invoice, in euro; 0 when local. */
  proratedAmount: z.number(),
  /** The new plan's monthly price from the next billing date. */
  newMonthlyAmount: z.number(),
  nextBillingDate: z.string().nullable(),
  /** What is left of each allowance this month after the switch (null = unlimited). */
  booksLeftAfter: z.number().int().nullable(),
  coversLeftAfter: z.number().int().nullable(),
  translationsLeftAfter: z.number().int().nullable(),
});
export type PlanSwitchPreview = z.infer<typeof PlanSwitchPreviewSchema>;

/** POST /contact-sales (public): the Enterprise enquiry. */
export const SalesEnquirySchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(200),
  company: z.string().trim().min(1, 'Please enter your company').max(200),
  email: z.email('Please enter a valid email address').trim().max(320),
  seats: z.coerce
    .number({ error: 'Please enter the number of seats' })
    .int('Please enter a whole number of seats')
    .min(1, 'Please enter at least 1 seat')
    .max(100_000, 'Please enter at most 100000 seats'),
  message: z.string().trim().min(1, 'Please enter a message').max(5000),
});
export type SalesEnquiry = z.infer<typeof SalesEnquirySchema>;
export const salesEnquiryAnswer = "Thank you. We'll reply within 48 hours." as const;

export const PaymentProviderNameSchema = z.enum(['local', 'stripe']);

/** GET /payment/plans: the one configured monthly price per paid plan, shown everywhere. */
export const PlanPricesSchema = z.object({
  provider: PaymentProviderNameSchema,
  currency: z.literal('eur'),
  plans: z.array(z.object({ accountType: PaidAccountTypeSchema, amount: z.number(), label: z.string() })),
});
export type PlanPrices = z.infer<typeof PlanPricesSchema>;

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BillingSummarySchema } from '../../entities/user';
import { AccountTypeSchema, PaidAccountTypeSchema } from '../../constants/plan-schemas';
import { defineHealthRequest } from '../health';
import { SeatCountSchema, SeatsPreviewSchema, SpentSchema } from '../../http/workspaces/workspaces';

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

export const billingRequests = {
  health: defineHealthRequest('billing'),
  getSummary: defineRequest({
    name: 'billing.summary.get',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: BillingSummarySchema,
    description:
      "A user's plan, next billing date and allowances left this month (plan-less defaults for an unknown user).",
  }),
  consumeAllowance: defineRequest({
    name: 'billing.allowance.consume',
    version: 1,
    request: z.object({
      userId: z.string(),
      kind: AllowanceKindSchema,
      key: z.string().min(1).max(200),
      /**
       * The unit pays for a book the caller is about to store under this key: it stays reserved until the
       * caller confirms it (`billing.allowance.confirm`), and a reservation nobody confirmed is given back
       * after a short while unless the book service says a book holds the key (a caller that died between
       * reserving and storing). Absent: the unit is taken for good at once.
       */
      awaitsConfirmation: z.boolean().optional(),
      spentBy: z
        .string()
        .optional()
        .describe("Who spent it when not the payer (a workspace's member spends its owner's pool)"),
    }),
    response: z.object({ remaining: z.number().int().nullable() }),
    description:
      'Atomically takes one unit of an allowance; 403 with the spec text when none is left. Idempotent per key: the same key never consumes twice.',
  }),
  confirmAllowance: defineRequest({
    name: 'billing.allowance.confirm',
    version: 1,
    request: z.object({ userId: z.string(), kind: AllowanceKindSchema, key: z.string().min(1).max(200) }),
    response: z.object({ kept: z.boolean() }),
    description:
      'A book now holds the unit reserved under this key: it is kept. A reservation already given back as unconfirmed is taken again (kept: false when none is left). Idempotent.',
  }),
  refundAllowance: defineRequest({
    name: 'billing.allowance.refund',
    version: 1,
    request: z.object({ userId: z.string(), kind: AllowanceKindSchema, key: z.string().min(1).max(200) }),
    response: z.object({}),
    description:
      'Gives back the unit consumed under this key (when the work it paid for could not be done). Idempotent.',
  }),
  startCheckout: defineRequest({
    name: 'billing.checkout.start',
    version: 1,
    request: z.object({ userId: z.string(), checkout: CheckoutRequestSchema }),
    response: CheckoutResponseSchema,
    description: 'Starts paying for a plan; answers the URL to send the browser to.',
  }),
  listInvoices: defineRequest({
    name: 'billing.invoices.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: z.object({ invoices: z.array(InvoiceSchema) }),
    description: "The user's invoices, newest first.",
  }),
  openPortal: defineRequest({
    name: 'billing.portal.open',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: z.object({ url: z.string() }),
    description: "Opens the payment provider's billing portal for the user; 400 when there is none.",
  }),
  cancelAtPeriodEnd: defineRequest({
    name: 'billing.plan.cancel',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: BillingSummarySchema,
    description:
      'Cancels the plan at the end of the period it is in (Stripe: cancel_at_period_end=true; local payments: a local cancel); the plan runs until then. Answers the new summary; cancelling again changes nothing. 409 without a plan in force.',
  }),
  keepPlan: defineRequest({
    name: 'billing.plan.keep',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: BillingSummarySchema,
    description:
      'Undoes a cancellation at period end (Stripe: cancel_at_period_end=false). Answers the new summary. 409 when the plan is not set to end.',
  }),
  getPlans: defineRequest({
    name: 'billing.plans.get',
    version: 1,
    request: z.object({}),
    response: PlanPricesSchema,
    description: 'The configured price of each paid plan and which payment provider takes the money.',
  }),
  previewSwitch: defineRequest({
    name: 'billing.plan.preview-switch',
    version: 1,
    request: z.object({ userId: z.string(), accountType: PaidAccountTypeSchema }),
    response: PlanSwitchPreviewSchema,
    description:
      "What a switch to another plan costs now (Stripe's upcoming-invoice preview, prorated) and monthly, and the allowances it leaves; changes nothing.",
  }),
  listUsage: defineRequest({
    name: 'billing.usage.list',
    version: 1,
    request: z.object({ userId: z.string().describe('The payer, whose pool it is') }),
    response: z.object({
      periodStart: z.string(),
      spenders: z.array(SpentSchema.extend({ userId: z.string() })),
    }),
    description:
      "Who spent what of a payer's allowances this period (a workspace owner's pool, by member; the payer's own use under their id). Given-back units are not counted.",
  }),
  previewSeats: defineRequest({
    name: 'billing.seats.preview',
    version: 1,
    request: z.object({
      userId: z.string().describe("The workspace's owner, who pays"),
      currentSeats: z.number().int(),
      seats: SeatCountSchema,
    }),
    response: SeatsPreviewSchema,
    description:
      "What changing a workspace's seat count costs now (Stripe: the upcoming invoice with the seat item's new quantity, prorated) and monthly; changes nothing.",
  }),
  changeSeats: defineRequest({
    name: 'billing.seats.change',
    version: 1,
    request: z.object({
      userId: z.string().describe("The workspace's owner, who pays"),
      workspaceId: z.string(),
      seats: SeatCountSchema,
    }),
    response: z.object({ seats: z.number().int() }),
    description:
      "Sets the quantity of the seat item of the owner's Enterprise subscription (Stripe, with proration; added when missing); in local payment mode nothing is charged. 402 without an Enterprise plan.",
  }),
  setBillingDetails: defineRequest({
    name: 'billing.details.set',
    version: 1,
    request: z.object({ userId: z.string(), sdi: SdiCodeSchema }),
    response: BillingSummarySchema,
    description:
      "Sets the Italian SDI code: stored, and with Stripe sent as customer metadata and as a custom field printed on the customer's invoices.",
  }),
  handleWebhook: defineRequest({
    name: 'billing.webhook.handle',
    version: 1,
    request: z.object({
      /** The request body exactly as it arrived: the signature is computed over these bytes. */
      payload: z.string(),
      signature: z.string(),
    }),
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
    description:
      "A payment provider's webhook, checked against its signature and applied once per event id; 400 when the signature is wrong.",
  }),
} as const;

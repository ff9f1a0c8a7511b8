import { z } from 'zod';
import { plans } from '@bookwright/contracts/http';
import { BaseConfigSchema, publicUrlConfigFields, withPublicUrl } from '@bookwright/kit';

export const paymentProviderNames = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

/** What Stripe needs; every one that is missing is listed when PAYMENT_PROVIDER=stripe. */
export const stripeSettings = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_PROFESSIONAL',
] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const euroPrice = (fallback: number) => z.coerce.number().positive().max(100_000).default(fallback);

export const BillingConfigSchema = BaseConfigSchema.extend({
  /**
   * Who takes the money. `local` activates plans at once and charges nothing (embedded default, refused in
   * production); `stripe` sells subscriptions through Stripe Checkout. Unset: `stripe` when a Stripe key
   * is configured, else `local`.
   */
  PAYMENT_PROVIDER: z.enum(paymentProviderNames).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe price ids (price_…) of the monthly subscription of each paid plan. */
  STRIPE_PRICE_STARTER: optionalText,
  STRIPE_PRICE_PROFESSIONAL: optionalText,
  /**
   * The Stripe price id (price_…, monthly, per unit) of one workspace seat, billed as a quantity on the
   * Enterprise subscription. Optional: without it seats cannot be bought through Stripe.
   */
  STRIPE_SEAT_PRICE_ID: optionalText,
  /** Base URL of a Stripe-compatible server (stripe-mock, the tests' local server); unset = Stripe itself. */
  STRIPE_API_URL: z.url().optional(),
  /** PORT and PUBLIC_URL: where Checkout and the Billing Portal send the browser back to. */
  ...publicUrlConfigFields,
  /** The monthly price every screen shows; keep it equal to the amount of the Stripe price. */
  PRICE_STARTER_EUR: euroPrice(plans.starter.priceEur),
  PRICE_PROFESSIONAL_EUR: euroPrice(plans.professional.priceEur),
  /**
   * The monthly price of one workspace seat in cents (euro, like the plans): what screens show, and what
   * the local provider prorates. Keep it equal to the amount of STRIPE_SEAT_PRICE_ID.
   */
  SEAT_PRICE_CENTS: z.coerce.number().int().positive().max(10_000_000).default(1500),
  /**
   * A unit reserved for a book that no book confirmed (its service died between reserving and storing) is
   * given back once it has waited this long and the book service says no book holds it. With the check
   * period below, a lost reservation comes back within a minute.
   */
  RESERVATION_CONFIRM_WITHIN_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How often billing looks for such reservations. */
  RESERVATION_CHECK_EVERY_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
})
  .transform((config) => ({
    ...withPublicUrl(config),
    PAYMENT_PROVIDER: config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'local'),
  }))
  .superRefine((config, ctx) => {
    if (config.PAYMENT_PROVIDER === 'stripe') {
      const missing = stripeSettings.filter((name) => !config[name]);
      for (const name of missing)
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required with PAYMENT_PROVIDER=stripe' });
    }
    // Refused rather than warned about: a production system that hands out paid plans for free loses money
    // silently, and nobody reads warnings in a healthy-looking log.
    if (config.PAYMENT_PROVIDER === 'local' && config.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: `PAYMENT_PROVIDER=local activates plans without taking any payment and cannot run with NODE_ENV=production; configure Stripe: PAYMENT_PROVIDER=stripe with ${stripeSettings.join(', ')}`,
      });
    }
  });
export type BillingConfig = z.output<typeof BillingConfigSchema>;

/** The Stripe half of the configuration, once it is known to be complete. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { starter: string; professional: string };
  /** The price of one workspace seat; null when seats are not sold through Stripe. */
  seatPrice: string | null;
  apiUrl: string | undefined;
  publicUrl: string;
}

export function stripeConfigOf(config: BillingConfig): StripeConfig {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_PROFESSIONAL } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_STARTER || !STRIPE_PRICE_PROFESSIONAL)
    throw new Error('the Stripe configuration is incomplete');
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { starter: STRIPE_PRICE_STARTER, professional: STRIPE_PRICE_PROFESSIONAL },
    seatPrice: config.STRIPE_SEAT_PRICE_ID ?? null,
    apiUrl: config.STRIPE_API_URL,
    publicUrl: config.PUBLIC_URL,
  };
}

import { z } from 'zod';
import { BaseConfigSchema } from '@bookwright/kit';

export const paymentProviderNames = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

export const BillingConfigSchema = BaseConfigSchema.extend({
  /**
   * Who takes the money. `local` (the embedded default) activates plans at once and charges nothing;
   * `stripe` is reserved for Stripe Checkout and is not built yet.
   */
  PAYMENT_PROVIDER: z.enum(paymentProviderNames).default('local'),
}).superRefine((config, ctx) => {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: 'PAYMENT_PROVIDER=stripe is not available yet; use PAYMENT_PROVIDER=local outside production',
    });
  }
  // Refused rather than warned about: a production system that hands out paid plans for free loses money
  // silently, and nobody reads warnings in a healthy-looking log.
  if (config.PAYMENT_PROVIDER === 'local' && config.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'PAYMENT_PROVIDER=local activates plans without taking any payment and cannot run with NODE_ENV=production; configure a real payment provider',
    });
  }
});
export type BillingConfig = z.output<typeof BillingConfigSchema>;

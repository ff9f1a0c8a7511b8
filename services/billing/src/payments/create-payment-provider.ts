import type { Kysely } from 'kysely';
import type { Logger, OutboxRelay } from '@bookwright/kit';
import { stripeConfigOf, type BillingConfig } from '../config';
import type { BillingDatabase } from '../db/schema';
import { createLocalPaymentProvider } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider';

/** The adapter PAYMENT_PROVIDER names. The Stripe adapter, and the Stripe SDK, is loaded only when chosen. */
export async function createPaymentProvider(
  config: BillingConfig,
  deps: { db: Kysely<BillingDatabase>; relay: Pick<OutboxRelay, 'kick'>; logger: Logger; now: () => Date },
): Promise<PaymentProvider> {
  switch (config.PAYMENT_PROVIDER) {
    case 'local':
      return createLocalPaymentProvider(deps);
    case 'stripe': {
      const { createStripePaymentProvider } = await import('./stripe/stripe-payment-provider');
      return createStripePaymentProvider({ ...deps, config: stripeConfigOf(config) });
    }
  }
}

import type { Kysely } from 'kysely';
import type { Logger, OutboxRelay } from '@bookwright/kit';
import { stripeConfigOf, type BillingConfig } from '../config';
import type { BillingDatabase } from '../db/schema';
import { createLocalPaymentProvider } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe/stripe-payment-provider';

/** The adapter PAYMENT_PROVIDER names. */
export function createPaymentProvider(
  config: BillingConfig,
  deps: { db: Kysely<BillingDatabase>; relay: Pick<OutboxRelay, 'kick'>; logger: Logger; now: () => Date },
): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'local':
      return createLocalPaymentProvider(deps);
    case 'stripe':
      return createStripePaymentProvider({ ...deps, config: stripeConfigOf(config) });
  }
}

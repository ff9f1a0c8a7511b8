import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Logger, OutboxRelay } from '@bookwright/kit';
import type { StripeConfig } from '../../config';
import type { BillingDatabase } from '../../db/schema';

/**
 * What the Stripe provider and its webhook receiver both need. Its own module so that the receiver does
 * not import the provider that calls it.
 */
export interface StripeProviderDeps {
  db: Kysely<BillingDatabase>;
  relay: Pick<OutboxRelay, 'kick'>;
  logger: Logger;
  now: () => Date;
  config: StripeConfig;
  /** A ready client (tests); otherwise one is built from the configuration. */
  stripe?: Stripe;
}

/** The deps once the client is built. */
export type StripeDeps = StripeProviderDeps & { stripe: Stripe };

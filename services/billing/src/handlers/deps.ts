import type { Kysely } from 'kysely';
import type { Logger } from '@bookwright/kit';
import type { BillingDatabase } from '../db/schema';
import type { PaymentProvider } from '../payments/payment-provider';

/** What every billing handler may use; nothing else. */
export interface BillingHandlerDeps {
  db: Kysely<BillingDatabase>;
  payments: PaymentProvider;
  logger: Logger;
  /** The clock; tests move it across month boundaries. */
  now: () => Date;
}

import type { Kysely } from 'kysely';
import type { Logger, OutboxRelay } from '@bookwright/kit';
import type { BillingDatabase } from '../db/schema';
import { activatePlan } from '../domain/activate-plan';
import type { PaymentProvider } from './payment-provider';

export const localCheckoutMessage = 'Local plan activated: no payment was taken (development mode).';

/**
 * The embedded default: a checkout activates the plan at once and charges nothing, so the whole product
 * can be used without a payment account. Refused in production by the configuration.
 */
export function createLocalPaymentProvider(deps: {
  db: Kysely<BillingDatabase>;
  relay: Pick<OutboxRelay, 'kick'>;
  logger: Logger;
  now: () => Date;
}): PaymentProvider {
  return {
    name: 'local',
    async startCheckout(customer, accountType) {
      const activation = await activatePlan(deps.db, {
        userId: customer.userId,
        accountType,
        provider: 'local',
        now: deps.now(),
      });
      if (activation.changed) {
        deps.relay.kick();
        deps.logger.info({ userId: customer.userId, accountType }, 'local plan activated without payment');
      }
      return { url: '/app/success', provider: 'local', msg: localCheckoutMessage };
    },
    async listInvoices() {
      // Nothing is ever charged, so there is nothing to invoice.
      return [];
    },
  };
}

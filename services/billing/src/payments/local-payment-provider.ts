import type { Kysely } from 'kysely';
import { AppError } from '@bookwright/contracts/http';
import { billingMessages } from '@bookwright/contracts/bus';
import type { Logger, OutboxRelay } from '@bookwright/kit';
import type { BillingDatabase } from '../db/schema';
import { activatePlan } from '../domain/activate-plan';
import { setLocalCancellation } from '../domain/plan-cancellation';
import { proratedSeatsAmount } from '../domain/seats';
import type { PaymentProvider } from './payment-provider';

export const localCheckoutMessage = 'Local plan activated: no payment was taken (development mode).';

/** Where a plan change (as opposed to a first checkout) sends the browser. */
export const planChangedUrl = '/app/settings?tab=billing';

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
      const hadPlan = customer.accountType !== 'null' && customer.subscriptionStatus === 'active';
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
      return { url: hadPlan ? planChangedUrl : '/app/success', provider: 'local', msg: localCheckoutMessage };
    },
    async previewSwitch() {
      // Nothing is charged locally, so a switch costs nothing now; the monthly price is the configured one.
      return { proratedAmount: 0, newMonthlyAmount: null };
    },
    async previewSeats(_customer, change) {
      // Nothing is charged: what the change would cost, pro rata for the rest of the period, is shown.
      return { dueNow: proratedSeatsAmount(change), monthly: null };
    },
    async setSeats(customer, change) {
      // Nothing is charged locally: the book service keeps the seat limit.
      deps.logger.info({ userId: customer.userId, ...change }, 'local seats changed without payment');
    },
    async setSdi() {
      // No invoices are issued: the code is only stored on the account.
    },
    async openPortal() {
      throw new AppError(400, billingMessages.noPortalForLocalPlans);
    },
    async setCancellation(customer, cancel) {
      // Nothing is charged, so a cancellation is a mark on the account; the plan ends when its period
      // does (plan-cancellation.ts, endDueLocalPlan).
      const changed = await setLocalCancellation(deps.db, { userId: customer.userId, cancel, now: deps.now() });
      if (!changed) throw new AppError(409, billingMessages.noPlanToCancel);
      deps.relay.kick();
      deps.logger.info({ userId: customer.userId, cancel }, 'local plan cancellation changed');
    },
    async listInvoices() {
      // Nothing is ever charged, so there is nothing to invoice.
      return [];
    },
    async cancelImmediately() {
      // Nothing runs anywhere else: deleting the account's rows is all there is to it.
    },
    async receiveWebhook() {
      throw new AppError(404, 'Webhooks are only accepted with PAYMENT_PROVIDER=stripe');
    },
  };
}

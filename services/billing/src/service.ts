import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { defineService, on, OutboxRelay, type Subscription, serveHealth, pingDatabase } from '@bookwright/kit';
import { BillingConfigSchema } from './config';
import { migrations } from './db/migrations';
import type { BillingDatabase } from './db/schema';
import type { BillingHandlerDeps } from './handlers/deps';
import { getSummary } from './handlers/get-summary';
import { consumeAllowance } from './handlers/consume-allowance';
import { refundAllowance } from './handlers/refund-allowance';
import { reconcileReservations } from './domain/reconcile-reservations';
import { startCheckout } from './handlers/start-checkout';
import { listInvoices } from './handlers/list-invoices';
import { onUserRegistered } from './handlers/on-user-registered';
import { onUserDeleted } from './handlers/on-user-deleted';
import { openPortal } from './handlers/open-portal';
import { cancelAtPeriodEnd } from './handlers/cancel-plan';
import { keepPlan } from './handlers/keep-plan';
import { getPlans } from './handlers/get-plans';
import { handleWebhook } from './handlers/handle-webhook';
import { previewSwitch } from './handlers/preview-switch-plan';
import { previewSeats } from './handlers/preview-seats';
import { listUsage } from './handlers/list-usage';
import { changeSeats } from './handlers/change-seats';
import { setBillingDetails } from './handlers/set-details';
import { onBookFailed } from './handlers/on-book-failed';
import { onBookCreated } from './handlers/on-book-created';
import { onBookPlanningRequested } from './handlers/on-book-planning-requested';
import { onBookConfirmed } from './handlers/on-book-confirmed';
import { onBookTranslationRequested } from './handlers/on-book-translation-requested';
import { createPaymentProvider } from './payments/create-payment-provider';
import type { PaymentProvider } from './payments/payment-provider';
import { accountsRepository } from './repositories/accounts.repository';

export interface BillingServiceOptions {
  /** The clock allowance periods are measured with; tests pass one they can move. */
  now?: () => Date;
  /** Replaces the configured payment provider (tests that count calls to it). */
  payments?: (deps: Parameters<typeof createPaymentProvider>[1]) => PaymentProvider;
}

/** Plans, payments and the monthly allowances: the one place that answers "may this user use one more?". */
export function createBillingService(options: BillingServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  return defineService({
    name: 'billing',
    configSchema: BillingConfigSchema,
    async start({ config, logger, bus, openDatabase }) {
      const database = await openDatabase<BillingDatabase>(migrations);
      const relay = new OutboxRelay({ db: database.db, bus, logger, events });
      relay.start();
      const paymentDeps = { db: database.db, relay, logger, now };
      const payments = options.payments?.(paymentDeps) ?? (await createPaymentProvider(config, paymentDeps));
      const deps: BillingHandlerDeps = { db: database.db, payments, logger, now };

      const subscriptions: Subscription[] = await Promise.all([
        serveHealth(bus, requests.billing.health, () => pingDatabase(database.db)),
        bus.serve(requests.billing.getSummary, getSummary(deps)),
        bus.serve(requests.billing.consumeAllowance, consumeAllowance(deps)),
        bus.serve(requests.billing.refundAllowance, refundAllowance(deps)),
        bus.serve(requests.billing.startCheckout, startCheckout(deps)),
        bus.serve(requests.billing.listInvoices, listInvoices(deps)),
        bus.serve(requests.billing.openPortal, openPortal(deps)),
        bus.serve(requests.billing.cancelAtPeriodEnd, cancelAtPeriodEnd(deps)),
        bus.serve(requests.billing.keepPlan, keepPlan(deps)),
        bus.serve(requests.billing.getPlans, getPlans(config)),
        bus.serve(requests.billing.previewSwitch, previewSwitch(deps, config)),
        bus.serve(requests.billing.listUsage, listUsage(deps)),
        bus.serve(requests.billing.previewSeats, previewSeats(deps, config)),
        bus.serve(requests.billing.changeSeats, changeSeats(deps)),
        bus.serve(requests.billing.setBillingDetails, setBillingDetails(deps)),
        bus.serve(requests.billing.handleWebhook, handleWebhook(deps)),
        bus.consume('billing', [
          on(events.userRegistered, onUserRegistered(deps)),
          on(events.userDeleted, onUserDeleted(deps)),
          on(events.bookFailed, onBookFailed(deps)),
          on(events.bookCreated, onBookCreated(deps)),
          on(events.bookPlanningRequested, onBookPlanningRequested(deps)),
          on(events.bookConfirmed, onBookConfirmed(deps)),
          on(events.bookTranslationRequested, onBookTranslationRequested(deps)),
        ]),
      ]);
      // In every mode (one process or many, each billing replica): conditional updates make runs that
      // overlap across replicas harmless, and one run at a time per process keeps them from piling up here.
      const reconcile = reconcileReservations(
        { db: database.db, logger, now },
        { confirmWithinMs: config.RESERVATION_CONFIRM_WITHIN_MS },
      );
      let reconciling: Promise<unknown> | undefined;
      const reconciler = setInterval(() => {
        reconciling ??= reconcile()
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'reservation check failed; trying again at the next one'),
          )
          .finally(() => (reconciling = undefined));
      }, config.RESERVATION_CHECK_EVERY_MS);
      reconciler.unref();
      // The embedded default (refused with NODE_ENV=production by the configuration): information, not a warning.
      if (payments.name === 'local') logger.info('payments are local: plans activate at once and nothing is charged');

      return {
        async ready() {
          await accountsRepository.probe(database.db);
          return true;
        },
        async stop() {
          clearInterval(reconciler);
          await reconciling;
          await Promise.all(subscriptions.map((s) => s.stop()));
          await relay.stop();
          await database.close();
        },
      };
    },
  });
}

export const billingService = createBillingService();

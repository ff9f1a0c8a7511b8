import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { z } from 'zod';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { on, type Subscription } from '@bookwright/kit';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from './billing-harness';
import {
  startStripeTestServer,
  stripeBillingEnv,
  stripeTestAccount,
  type StripeServer,
  type StripeTestAccount,
} from './stripe-server';

export type SubscriptionChanged = z.output<(typeof events.billingSubscriptionChanged)['schema']>;

/**
 * Billing with the Stripe provider (the real SDK) against the local Stripe-like server, for the
 * describe block that calls it: one server for the block on a clock the tests move, a billing service
 * per test with the clock set back to `start`, every `billing.subscription.changed` it announces, and the
 * steps most tests begin with.
 */
export function useStripeBilling(options: { start: string; account?: StripeTestAccount }) {
  const account = options.account ?? stripeTestAccount;
  let clock: TestClock;
  let stripe: StripeServer;
  let billing: RunningBilling;
  let observer: Subscription;
  let changes: SubscriptionChanged[] = [];

  beforeAll(async () => {
    clock = testClock(options.start);
    stripe = await startStripeTestServer(account, () => clock.now());
  });
  afterAll(async () => {
    await stripe.stop();
  });
  beforeEach(async () => {
    clock.set(options.start);
    billing = await startBilling({ clock, env: stripeBillingEnv(stripe, account) });
    changes = [];
    observer = await billing.bus.consume('stripe-billing-world', [
      on(events.billingSubscriptionChanged, async (data) => {
        changes.push(data);
      }),
    ]);
  });
  afterEach(async () => {
    await observer.stop();
    await billing.stop();
  });

  const checkout = (userId: string, accountType: 'starter' | 'professional') =>
    billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType, currency: 'eur' } });
  const deliver = (delivery: { payload: string; signature: string }) =>
    billing.bus.request(requests.billing.handleWebhook, { payload: delivery.payload, signature: delivery.signature });
  const sessionIdOf = (url: string) => url.split('/').pop()!;
  const summary = (userId: string) => billing.bus.request(requests.billing.getSummary, { userId });
  const consume = (userId: string, key: string) =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key });

  return {
    account,
    get clock() {
      return clock;
    },
    get stripe() {
      return stripe;
    },
    get billing() {
      return billing;
    },
    /** What the billing service announced in this test, in order. */
    get changes() {
      return changes;
    },
    checkout,
    deliver,
    sessionIdOf,
    summary,
    consume,
    /** Signs up for starter through Checkout and delivers checkout.session.completed. */
    async subscribed(userId = newUserId()) {
      const { url } = await checkout(userId, 'starter');
      const paid = stripe.completeCheckout(sessionIdOf(url));
      expect(await deliver(stripe.event('checkout.session.completed', paid.session))).toEqual({
        received: true,
        duplicate: false,
      });
      return {
        userId,
        subscriptionId: paid.subscription.id as string,
        customerId: paid.session.customer as string,
        paid,
      };
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingMessages, requests } from '@bookwright/contracts/bus';
import { events } from '@bookwright/contracts/events';
import { on, type Subscription } from '@bookwright/kit';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';
import type { StripeServer } from '../testing/stripe-server';
import { useStripeBilling } from '../testing/stripe-billing-world';

const cancel = (billing: RunningBilling, userId: string) =>
  billing.bus.request(requests.billing.cancelAtPeriodEnd, { userId });
const keep = (billing: RunningBilling, userId: string) => billing.bus.request(requests.billing.keepPlan, { userId });
const summary = (billing: RunningBilling, userId: string) =>
  billing.bus.request(requests.billing.getSummary, { userId });

describe('cancelling at period end with local payments', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  beforeEach(async () => {
    clock = testClock('2025-01-31T12:00:00.000Z');
    billing = await startBilling({ clock });
  });
  afterEach(async () => {
    await billing.stop();
  });

  let observer: Subscription;
  let ended: { userId: string; accountType: string }[];
  beforeEach(async () => {
    ended = [];
    observer = await billing.bus.consume('local-cancel-test', [
      on(events.billingPlanChanged, async (data) => {
        ended.push(data);
      }),
    ]);
  });
  afterEach(async () => {
    await observer.stop();
  });

  const starter = async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    return userId;
  };
  const consume = (userId: string, key: string) =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key });

  it('shows the cancellation at once, keeps the plan until the period ends, then leaves the account plan-less', async () => {
    const userId = await starter();
    expect(await summary(billing, userId)).toMatchObject({
      cancelAtPeriodEnd: false,
      planEndsAt: null,
      billingPortal: false,
    });
    expect(await cancel(billing, userId)).toMatchObject({
      accountType: 'starter',
      cancelAtPeriodEnd: true,
      planEndsAt: '2025-02-28T12:00:00.000Z',
      nextBillingDate: '2025-02-28T12:00:00.000Z',
    });
    // Cancelling again is the same cancel.
    expect(await cancel(billing, userId)).toMatchObject({ cancelAtPeriodEnd: true });

    clock.set('2025-02-28T11:59:59.999Z');
    expect(await consume(userId, 'last-day')).toEqual({ remaining: 9 });

    clock.set('2025-02-28T12:00:00.000Z');
    await expect(consume(userId, 'after-the-end')).rejects.toMatchObject({ status: 403 });
    expect(await summary(billing, userId)).toMatchObject({
      accountType: 'null',
      subscriptionStatus: 'canceled',
      nextBillingDate: null,
      cancelAtPeriodEnd: false,
      planEndsAt: null,
      booksLeftThisMonth: 0,
    });
    // The end is announced, so read models drop the plan they held.
    await vi.waitFor(() => expect(ended).toContainEqual(expect.objectContaining({ userId, accountType: 'null' })), {
      timeout: 5000,
    });
  });

  it('undoes a cancellation with keep-plan, and the plan renews as before', async () => {
    const userId = await starter();
    await cancel(billing, userId);
    expect(await keep(billing, userId)).toMatchObject({
      accountType: 'starter',
      cancelAtPeriodEnd: false,
      planEndsAt: null,
    });
    clock.set('2025-02-28T12:00:00.000Z');
    expect(await summary(billing, userId)).toMatchObject({
      accountType: 'starter',
      booksLeftThisMonth: 10,
      nextBillingDate: '2025-03-31T12:00:00.000Z',
    });
  });

  it('answers 409 to keep-plan when nothing is cancelled, and to cancel without a plan', async () => {
    const userId = await starter();
    await expect(keep(billing, userId)).rejects.toMatchObject({
      status: 409,
      message: billingMessages.nothingToKeep,
    });
    const planless = newUserId();
    await expect(cancel(billing, planless)).rejects.toMatchObject({
      status: 409,
      message: billingMessages.noPlanToCancel,
    });
    await expect(keep(billing, planless)).rejects.toMatchObject({ status: 409 });
  });

  it('forgets a pending cancellation when the author switches plans', async () => {
    const userId = await starter();
    await cancel(billing, userId);
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'professional' } });
    expect(await summary(billing, userId)).toMatchObject({
      accountType: 'professional',
      cancelAtPeriodEnd: false,
      planEndsAt: null,
    });
  });
});

describe('cancelling at period end with Stripe (real SDK, local Stripe-like server)', () => {
  const world = useStripeBilling({
    start: '2025-01-31T12:00:00.000Z',
    account: {
      secretKey: 'sk_test_cancel',
      webhookSecret: 'whsec_test_cancel',
      prices: { starter: 'price_starter_cancel', professional: 'price_professional_cancel' },
    },
  });
  const { deliver, subscribed } = world;
  let clock: TestClock;
  let stripe: StripeServer;
  let billing: RunningBilling;
  beforeEach(() => ({ clock, stripe, billing } = world));
  const changed = () => world.changes.map((change) => change.userId);

  const updatesOf = (subscriptionId: string) =>
    stripe.calls.filter((call) => call.method === 'POST' && call.path === `/v1/subscriptions/${subscriptionId}`);

  it('sets cancel_at_period_end at Stripe and shows the end date; keep-plan sets it back to false', async () => {
    const { userId, subscriptionId } = await subscribed();
    expect(await summary(billing, userId)).toMatchObject({ billingPortal: true, cancelAtPeriodEnd: false });

    expect(await cancel(billing, userId)).toMatchObject({
      accountType: 'starter',
      cancelAtPeriodEnd: true,
      planEndsAt: '2025-02-28T12:00:00.000Z',
    });
    expect(updatesOf(subscriptionId).map((call) => call.body)).toEqual([{ cancel_at_period_end: 'true' }]);
    expect(stripe.subscription(subscriptionId).cancelAtPeriodEnd).toBe(true);

    expect(await keep(billing, userId)).toMatchObject({ cancelAtPeriodEnd: false, planEndsAt: null });
    expect(updatesOf(subscriptionId).map((call) => call.body)).toEqual([
      { cancel_at_period_end: 'true' },
      { cancel_at_period_end: 'false' },
    ]);
    expect(stripe.subscription(subscriptionId).cancelAtPeriodEnd).toBe(false);
    // Announced, so every gateway replica drops the user it held.
    await vi.waitFor(() => expect(changed().filter((id) => id === userId).length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
  });

  it('follows a cancellation made in the portal (customer.subscription.updated), then the end', async () => {
    const { userId, subscriptionId } = await subscribed();
    const cancelled = stripe.cancelAtPeriodEnd(subscriptionId);
    await deliver(stripe.event('customer.subscription.updated', cancelled));
    expect(await summary(billing, userId)).toMatchObject({
      accountType: 'starter',
      cancelAtPeriodEnd: true,
      planEndsAt: '2025-02-28T12:00:00.000Z',
    });
    // keep-plan from the app undoes what the portal did.
    expect(await keep(billing, userId)).toMatchObject({ cancelAtPeriodEnd: false });
    await cancel(billing, userId);

    clock.set('2025-02-28T12:00:00.000Z');
    await deliver(stripe.event('customer.subscription.deleted', stripe.endSubscription(subscriptionId)));
    expect(await summary(billing, userId)).toMatchObject({
      accountType: 'null',
      cancelAtPeriodEnd: false,
      planEndsAt: null,
      // Still a Stripe customer: the portal keeps its invoices and payment details.
      billingPortal: true,
    });
    await expect(cancel(billing, userId)).rejects.toMatchObject({ status: 409 });
  });

  it('reads a cancellation dated by cancel_at alone (a date other than the period end)', async () => {
    const { userId, subscriptionId } = await subscribed();
    const record = stripe.subscription(subscriptionId);
    record.cancelAt = Math.floor(new Date('2025-02-15T00:00:00.000Z').getTime() / 1000);
    await deliver(stripe.event('customer.subscription.updated', stripe.subscriptionJson(record)));
    expect(await summary(billing, userId)).toMatchObject({
      cancelAtPeriodEnd: true,
      planEndsAt: '2025-02-15T00:00:00.000Z',
    });
  });
});

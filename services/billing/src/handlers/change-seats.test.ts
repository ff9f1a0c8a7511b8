import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { AppError, errorScreens } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { setPlanByHand } from '../domain/set-plan-by-hand';
import { seatMessages } from '../domain/seats';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';
import { useStripeBilling } from '../testing/stripe-billing-world';
import { stripeTestAccount, testSeatPriceCents } from '../testing/stripe-server';

const paymentRequired = { status: 402, message: errorScreens[402].description };
const seatPrice = stripeTestAccount.seatPrice!;

describe('workspace seats with Stripe (real SDK, local Stripe-like server)', () => {
  // A 31-day period (1 March to 1 April): half of it is left at noon on 16 March.
  const world = useStripeBilling({ start: '2025-03-01T00:00:00.000Z' });
  const halfway = '2025-03-16T12:00:00.000Z';

  const preview = (userId: string, currentSeats: number, seats: number) =>
    world.billing.bus.request(requests.billing.previewSeats, { userId, currentSeats, seats });
  const change = (userId: string, seats: number) =>
    world.billing.bus.request(requests.billing.changeSeats, { userId, workspaceId: 'ws-1', seats });
  const subscriptionUpdates = (subscriptionId: string) =>
    world.stripe.calls.filter((call) => call.method === 'POST' && call.path === `/v1/subscriptions/${subscriptionId}`);

  /** A Stripe subscriber an operator put on Enterprise (npm run admin -- set-plan … enterprise). */
  async function enterprise() {
    const subscriber = await world.subscribed();
    await setPlanByHand(world.billing.db, {
      userId: subscriber.userId,
      accountType: 'enterprise',
      now: world.clock.now(),
    });
    return subscriber;
  }

  it('previews the prorated seats before anything changes, then sets the seat quantity with proration', async () => {
    const { userId, subscriptionId } = await enterprise();
    world.clock.set(halfway);

    // No seat item yet: all 5 seats are new, for half a period.
    expect(await preview(userId, 5, 5)).toEqual({
      seats: 5,
      currentSeats: 5,
      perSeat: testSeatPriceCents,
      currency: 'eur',
      dueNow: 3750,
      monthly: 7500,
      provider: 'stripe',
    });
    const asked = world.stripe.calls.filter((call) => call.path === '/v1/invoices/create_preview').at(-1);
    expect(asked?.body).toMatchObject({
      subscription: subscriptionId,
      subscription_details: {
        items: [{ price: seatPrice, quantity: '5' }],
        proration_behavior: 'create_prorations',
      },
    });
    // A preview changes nothing.
    expect(subscriptionUpdates(subscriptionId)).toEqual([]);
    expect(world.stripe.subscription(subscriptionId).addons ?? []).toEqual([]);

    expect(await change(userId, 5)).toEqual({ seats: 5 });
    const [added] = subscriptionUpdates(subscriptionId);
    expect(added?.body).toMatchObject({
      items: [{ price: seatPrice, quantity: '5', metadata: { workspaceId: 'ws-1' } }],
      proration_behavior: 'create_prorations',
    });
    const seatItem = world.stripe.subscription(subscriptionId).addons?.[0];
    expect(seatItem).toMatchObject({ price: seatPrice, quantity: 5 });

    // 5 → 8: the 5 are credited and the 8 charged for the half period left.
    expect(await preview(userId, 5, 8)).toMatchObject({ dueNow: 2250, monthly: 12000, provider: 'stripe' });
    expect(world.stripe.subscription(subscriptionId).addons?.[0]?.quantity).toBe(5);
    expect(await change(userId, 8)).toEqual({ seats: 8 });
    expect(subscriptionUpdates(subscriptionId).at(-1)?.body).toMatchObject({
      items: [{ id: seatItem!.id, quantity: '8' }],
      proration_behavior: 'create_prorations',
    });
    expect(world.stripe.subscription(subscriptionId).addons).toHaveLength(1);
    expect(world.stripe.subscription(subscriptionId).addons?.[0]?.quantity).toBe(8);
    // Fewer seats: a credit now.
    expect(await preview(userId, 8, 6)).toMatchObject({ dueNow: -1500, monthly: 9000 });

    // The same count again asks Stripe nothing; the plan's own item is untouched throughout.
    const updates = subscriptionUpdates(subscriptionId).length;
    expect(await change(userId, 8)).toEqual({ seats: 8 });
    expect(subscriptionUpdates(subscriptionId)).toHaveLength(updates);
    expect(world.stripe.subscription(subscriptionId).price).toBe(stripeTestAccount.prices.starter);
  });

  it('answers 402 to a payer who is not on Enterprise, and asks Stripe nothing', async () => {
    const { userId, subscriptionId } = await world.subscribed();
    const calls = world.stripe.calls.length;
    // One at a time: a second request made before the first is awaited would reject unhandled.
    for (const attempt of [() => change(userId, 6), () => preview(userId, 5, 6)]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject(paymentRequired);
    }
    expect(world.stripe.calls).toHaveLength(calls);
    expect(subscriptionUpdates(subscriptionId)).toEqual([]);
  });

  it('refuses (409) an Enterprise plan with no Stripe subscription to put the seats on', async () => {
    const userId = newUserId();
    await setPlanByHand(world.billing.db, { userId, accountType: 'enterprise', now: world.clock.now() });
    await expect(change(userId, 6)).rejects.toMatchObject({ status: 409, message: seatMessages.notSoldOnline });
  });
});

describe('workspace seats with local payments', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  beforeEach(async () => {
    clock = testClock('2025-03-01T00:00:00.000Z');
    billing = await startBilling({ clock });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const preview = (userId: string, currentSeats: number, seats: number) =>
    billing.bus.request(requests.billing.previewSeats, { userId, currentSeats, seats });
  const change = (userId: string, seats: number) =>
    billing.bus.request(requests.billing.changeSeats, { userId, workspaceId: 'ws-local', seats });

  it('prices a change pro rata for the rest of the period and charges nothing', async () => {
    const userId = newUserId();
    await setPlanByHand(billing.db, { userId, accountType: 'enterprise', now: clock.now() });
    clock.set('2025-03-16T12:00:00.000Z');
    expect(await preview(userId, 5, 7)).toEqual({
      seats: 7,
      currentSeats: 5,
      perSeat: 1500,
      currency: 'eur',
      dueNow: 1500,
      monthly: 10500,
      provider: 'local',
    });
    expect(await preview(userId, 5, 3)).toMatchObject({ dueNow: -1500, monthly: 4500 });
    expect(await preview(userId, 5, 5)).toMatchObject({ dueNow: 0, monthly: 7500 });
    expect(await change(userId, 7)).toEqual({ seats: 7 });
    expect(await billing.bus.request(requests.billing.getSummary, { userId })).toMatchObject({
      accountType: 'enterprise',
    });
  });

  it('answers 402 without an Enterprise plan', async () => {
    const planless = newUserId();
    const starter = newUserId();
    await billing.bus.request(requests.billing.startCheckout, {
      userId: starter,
      checkout: { accountType: 'starter', currency: 'eur' },
    });
    for (const userId of [planless, starter]) {
      await expect(change(userId, 6)).rejects.toMatchObject(paymentRequired);
      await expect(preview(userId, 5, 6)).rejects.toMatchObject(paymentRequired);
    }
  });
});

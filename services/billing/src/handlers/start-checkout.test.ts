import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { on, type Subscription } from '@bookwright/kit';
import type { z } from 'zod';
import { newUserId, startBilling, testClock, type RunningBilling } from '../testing/billing-harness';

type PlanChanged = z.output<(typeof events.billingPlanChanged)['schema']>;

describe('checkout with the local provider', () => {
  let billing: RunningBilling;
  let observer: Subscription;
  let announced: PlanChanged[];
  beforeEach(async () => {
    billing = await startBilling({ clock: testClock('2025-01-31T12:00:00.000Z') });
    announced = [];
    observer = await billing.bus.consume('checkout-test', [
      on(events.billingPlanChanged, async (data) => {
        announced.push(data);
      }),
    ]);
  });
  afterEach(async () => {
    await observer.stop();
    await billing.stop();
  });

  const checkout = (userId: string, accountType: 'starter' | 'professional') =>
    billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType, currency: 'eur' } });
  const summary = (userId: string) => billing.bus.request(requests.billing.getSummary, { userId });

  it('activates the plan at once, says no payment was taken, and announces it once', async () => {
    const userId = newUserId();
    expect(await checkout(userId, 'starter')).toEqual({
      url: '/app/success',
      provider: 'local',
      msg: 'Local plan activated: no payment was taken (development mode).',
    });
    expect(await summary(userId)).toMatchObject({
      accountType: 'starter',
      subscriptionStatus: 'active',
      nextBillingDate: '2025-02-28T12:00:00.000Z',
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      booksLeftThisMonth: 10,
      coversLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
    });

    await vi.waitFor(() => expect(announced).toHaveLength(1), { timeout: 5000 });
    expect(announced[0]).toEqual({
      userId,
      accountType: 'starter',
      provider: 'local',
      nextBillingDate: '2025-02-28T12:00:00.000Z',
    });
    // The relay marks a row after the bus took it: the event can arrive before the mark is written.
    await vi.waitFor(
      async () => {
        const outbox = await billing.db.selectFrom('outbox').selectAll().execute();
        expect(outbox).toHaveLength(1);
        expect(outbox[0]?.published_at).toBeInstanceOf(Date);
      },
      { timeout: 5000 },
    );
    // Give a duplicate every chance to show up.
    await sleep(300);
    expect(announced).toHaveLength(1);
  });

  it('changes nothing and announces nothing when the plan is already active', async () => {
    const userId = newUserId();
    await checkout(userId, 'starter');
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'b1' });
    // A second choice is a plan change: back to the settings, not to the welcome page.
    expect(await checkout(userId, 'starter')).toMatchObject({ url: '/app/settings?tab=billing', provider: 'local' });
    expect(await summary(userId)).toMatchObject({ accountType: 'starter', booksLeftThisMonth: 9 });
    await vi.waitFor(() => expect(announced).toHaveLength(1), { timeout: 5000 });
    expect(await billing.db.selectFrom('outbox').select('id').execute()).toHaveLength(1);
  });

  it('switches between starter and professional keeping what the month used (decision 0018)', async () => {
    const userId = newUserId();
    await checkout(userId, 'starter');
    for (const key of ['b1', 'b2', 'b3']) {
      await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key });
    }
    await checkout(userId, 'professional');
    expect(await summary(userId)).toMatchObject({
      accountType: 'professional',
      booksLeftThisMonth: null,
      coversLeftThisMonth: null,
      translationsLeftThisMonth: null,
    });
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'cover', key: 'c1' });
    // Back to starter in the same month: the 3 books and the cover used stay used, not a fresh 10.
    expect(await billing.bus.request(requests.billing.previewSwitch, { userId, accountType: 'starter' })).toEqual({
      from: 'professional',
      to: 'starter',
      currency: 'eur',
      proratedAmount: 0,
      newMonthlyAmount: 30,
      nextBillingDate: '2025-02-28T12:00:00.000Z',
      booksLeftAfter: 7,
      coversLeftAfter: 9,
      translationsLeftAfter: 5,
    });
    await checkout(userId, 'starter');
    expect(await summary(userId)).toMatchObject({
      accountType: 'starter',
      booksLeftThisMonth: 7,
      coversLeftThisMonth: 9,
      translationsLeftThisMonth: 5,
      // The period and its renewal date stay those of the first plan.
      nextBillingDate: '2025-02-28T12:00:00.000Z',
    });
    await vi.waitFor(
      () => expect(announced.map((e) => e.accountType)).toEqual(['starter', 'professional', 'starter']),
      {
        timeout: 5000,
      },
    );
  });

  it('lists no invoices: nothing was charged', async () => {
    const userId = newUserId();
    await checkout(userId, 'professional');
    expect(await billing.bus.request(requests.billing.listInvoices, { userId })).toEqual({ invoices: [] });
  });
});

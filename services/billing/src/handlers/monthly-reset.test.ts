import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AllowanceKind, requests } from '@bookwright/contracts/bus';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';

describe('the monthly allowance reset', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  beforeEach(async () => {
    // The 31st at noon: the month-end clamping is what usually goes wrong.
    clock = testClock('2025-01-31T12:00:00.000Z');
    billing = await startBilling({ clock });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const consume = (userId: string, kind: AllowanceKind, key: string) =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind, key });
  const summary = (userId: string) => billing.bus.request(requests.billing.getSummary, { userId });
  const period = async (userId: string) => {
    const row = await billing.db
      .selectFrom('billing_accounts')
      .select(['period_start', 'period_end'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { start: new Date(row.period_start).toISOString(), end: new Date(row.period_end).toISOString() };
  };
  const starterUsedUp = async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    for (let i = 0; i < 10; i += 1) await consume(userId, 'book', `jan-${i}`);
    await consume(userId, 'translation', 'jan-t');
    await expect(consume(userId, 'book', 'jan-extra')).rejects.toMatchObject({ status: 403 });
    return userId;
  };

  it('keeps the month’s balance until the period ends, then starts the next one full', async () => {
    const userId = await starterUsedUp();
    expect(await period(userId)).toEqual({ start: '2025-01-31T12:00:00.000Z', end: '2025-02-28T12:00:00.000Z' });

    clock.set('2025-02-28T11:59:59.999Z');
    await expect(consume(userId, 'book', 'feb-early')).rejects.toMatchObject({ status: 403 });

    clock.set('2025-02-28T12:00:00.000Z');
    expect(await consume(userId, 'book', 'feb-1')).toEqual({ remaining: 9 });
    expect(await summary(userId)).toMatchObject({
      booksLeftThisMonth: 9,
      coversLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
      nextBillingDate: '2025-03-31T12:00:00.000Z',
    });
    // Counted from the plan's start, so February's short month does not pull later renewals to the 28th.
    expect(await period(userId)).toEqual({ start: '2025-02-28T12:00:00.000Z', end: '2025-03-31T12:00:00.000Z' });
  });

  it('resets when the summary is read, not only when something is consumed', async () => {
    const userId = await starterUsedUp();
    clock.set('2025-03-01T00:00:00.000Z');
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 10, translationsLeftThisMonth: 5 });
  });

  it('jumps over months nobody used, landing in the period that contains now', async () => {
    const userId = await starterUsedUp();
    clock.set('2025-07-15T08:00:00.000Z');
    expect(await summary(userId)).toMatchObject({
      booksLeftThisMonth: 10,
      nextBillingDate: '2025-07-31T12:00:00.000Z',
    });
    expect(await period(userId)).toEqual({ start: '2025-06-30T12:00:00.000Z', end: '2025-07-31T12:00:00.000Z' });

    // And across a year boundary.
    clock.set('2026-03-05T00:00:00.000Z');
    expect(await consume(userId, 'cover', 'c')).toEqual({ remaining: 9 });
    expect(await period(userId)).toEqual({ start: '2026-02-28T12:00:00.000Z', end: '2026-03-31T12:00:00.000Z' });
  });

  it('resets once when 50 consumptions race across the month boundary', async () => {
    const userId = await starterUsedUp();
    clock.set('2025-02-28T12:00:00.000Z');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => consume(userId, 'book', `feb-${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 0, translationsLeftThisMonth: 5 });
  });

  it('keeps a plan-less account at zero every month', async () => {
    const userId = newUserId();
    await summary(userId);
    clock.set('2025-05-20T00:00:00.000Z');
    expect(await summary(userId)).toMatchObject({ accountType: 'null', booksLeftThisMonth: 0, nextBillingDate: null });
    await expect(consume(userId, 'book', 'b')).rejects.toMatchObject({ status: 403 });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AllowanceKind, requests } from '@bookwright/contracts/bus';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';

describe('refunding an allowance', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  beforeEach(async () => {
    clock = testClock('2025-03-10T09:00:00.000Z');
    billing = await startBilling({ clock });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const consume = (userId: string, kind: AllowanceKind, key: string) =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind, key });
  const refund = (userId: string, kind: AllowanceKind, key: string) =>
    billing.bus.request(requests.billing.refundAllowance, { userId, kind, key });
  const subscribe = (userId: string, accountType: 'starter' | 'professional') =>
    billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType } });
  const booksLeft = async (userId: string) =>
    (await billing.bus.request(requests.billing.getSummary, { userId })).booksLeftThisMonth;

  it('gives back the unit a key took, once', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    await consume(userId, 'book', 'b1');
    await consume(userId, 'book', 'b2');
    expect(await booksLeft(userId)).toBe(8);

    expect(await refund(userId, 'book', 'b1')).toEqual({});
    expect(await booksLeft(userId)).toBe(9);
    await refund(userId, 'book', 'b1');
    expect(await booksLeft(userId)).toBe(9);
  });

  it('gives nothing for a key that consumed nothing, or consumed another kind', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    await consume(userId, 'cover', 'k1');
    await refund(userId, 'book', 'k1');
    await refund(userId, 'book', 'never-used');
    await refund(newUserId(), 'book', 'k1');
    expect(await billing.bus.request(requests.billing.getSummary, { userId })).toMatchObject({
      booksLeftThisMonth: 10,
      coversLeftThisMonth: 9,
    });
  });

  it('charges a refunded key again when it is consumed again', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    await consume(userId, 'book', 'b1');
    await refund(userId, 'book', 'b1');
    expect(await consume(userId, 'book', 'b1')).toEqual({ remaining: 9 });
    expect(await consume(userId, 'book', 'b1')).toEqual({ remaining: 9 });
  });

  it('gives nothing back into a later month, which started full anyway', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    await consume(userId, 'book', 'march');
    clock.set('2025-04-10T09:00:00.000Z');
    await consume(userId, 'book', 'april');
    expect(await booksLeft(userId)).toBe(9);
    await refund(userId, 'book', 'march');
    expect(await booksLeft(userId)).toBe(9);
  });

  it('never gives back above the plan, nor anything on an unlimited plan', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    await consume(userId, 'book', 'b1');
    // A plan change keeps the period and what it used (decision 0018).
    await subscribe(userId, 'professional');
    await refund(userId, 'book', 'b1');
    expect(await booksLeft(userId)).toBeNull();

    await consume(userId, 'book', 'b2');
    await subscribe(userId, 'starter');
    // b1 was given back, b2 stays used.
    expect(await booksLeft(userId)).toBe(9);
    await refund(userId, 'book', 'b2');
    expect(await booksLeft(userId)).toBe(10);
    await refund(userId, 'book', 'b2');
    await refund(userId, 'book', 'b1');
    expect(await booksLeft(userId)).toBe(10);
  });

  it('gives back at most one unit however many refunds race', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    for (const key of ['b1', 'b2', 'b3']) await consume(userId, 'book', key);
    await Promise.all(Array.from({ length: 20 }, () => refund(userId, 'book', 'b1')));
    expect(await booksLeft(userId)).toBe(8);
  });
});

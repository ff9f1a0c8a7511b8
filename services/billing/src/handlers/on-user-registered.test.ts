import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { noPlanBillingSummary } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { testEventMeta } from '@bookwright/kit/testing';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';
import { onUserRegistered } from './on-user-registered';

const registration = (userId: string) => ({
  userId,
  email: `${userId}@example.com`,
  firstName: 'Mary',
  lastName: 'Shelley',
  createdAt: '2025-03-10T09:00:00.000Z',
});

describe('user.registered', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  beforeEach(async () => {
    clock = testClock('2025-03-10T09:00:00.000Z');
    billing = await startBilling({ clock });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const accountRows = (userId: string) =>
    billing.db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).execute();

  it('opens a plan-less billing account', async () => {
    const userId = newUserId();
    await billing.bus.publish(events.userRegistered, registration(userId));
    await vi.waitFor(async () => expect(await accountRows(userId)).toHaveLength(1), { timeout: 5000 });
    expect(await billing.bus.request(requests.billing.getSummary, { userId })).toEqual(noPlanBillingSummary);
  });

  it('does nothing on a redelivery, even after the user has chosen a plan', async () => {
    const userId = newUserId();
    await billing.bus.publish(events.userRegistered, registration(userId), { id: 'first-delivery' });
    await vi.waitFor(async () => expect(await accountRows(userId)).toHaveLength(1), { timeout: 5000 });
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'b1' });

    // Past the bus's dedup window a redelivery carries a new id; a later user's event marks when it is done.
    await billing.bus.publish(events.userRegistered, registration(userId), { id: 'redelivery' });
    const later = newUserId();
    await billing.bus.publish(events.userRegistered, registration(later));
    await vi.waitFor(async () => expect(await accountRows(later)).toHaveLength(1), { timeout: 5000 });

    expect(await accountRows(userId)).toHaveLength(1);
    expect(await billing.bus.request(requests.billing.getSummary, { userId })).toMatchObject({
      accountType: 'starter',
      booksLeftThisMonth: 9,
    });
  });

  it('is idempotent when its handler runs twice for the same event', async () => {
    const userId = newUserId();
    const handle = onUserRegistered({ db: billing.db, now: clock.now });
    const meta = (deliveryCount: number) => testEventMeta(events.userRegistered, { id: 'evt-1', deliveryCount });
    await handle(registration(userId), meta(1));
    const [first] = await accountRows(userId);
    clock.set('2025-03-10T09:05:00.000Z');
    await handle(registration(userId), meta(2));
    expect(await accountRows(userId)).toEqual([first]);
  });
});

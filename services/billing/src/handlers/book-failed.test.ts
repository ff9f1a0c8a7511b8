import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { billingRequests, events } from '@bookwright/contracts';
import { newUserId, startBilling, testClock, type RunningBilling } from '../testing/billing-harness';

// A failed book's reservation comes back through the book.failed event, once per key.
describe('giving back the reservation of a failed book', () => {
  let billing: RunningBilling;
  beforeEach(async () => {
    billing = await startBilling({ clock: testClock('2025-03-10T09:00:00.000Z') });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const booksLeft = async (userId: string) =>
    (await billing.bus.request(billingRequests.getSummary, { userId })).booksLeftThisMonth;
  async function until(userId: string, left: number) {
    const deadline = Date.now() + 10_000;
    while ((await booksLeft(userId)) !== left) {
      if (Date.now() > deadline) throw new Error(`books left stayed ${await booksLeft(userId)}, not ${left}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('refunds the key the event names, once, even when the event comes twice', async () => {
    const userId = newUserId();
    await billing.bus.request(billingRequests.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(billingRequests.consumeAllowance, { userId, kind: 'book', key: 'plan:r1' });
    await billing.bus.request(billingRequests.consumeAllowance, { userId, kind: 'book', key: 'plan:r2' });
    expect(await booksLeft(userId)).toBe(8);

    const failed = { bookId: 'b1', userId, step: 'planning' as const, reason: 'x', allowanceKey: 'plan:r1' };
    await billing.bus.publish(events.bookFailed, failed);
    await until(userId, 9);
    // The same failure again (a redelivery, or a second publish under another id) gives nothing more.
    await billing.bus.publish(events.bookFailed, failed);
    await billing.bus.publish(events.bookFailed, { ...failed, bookId: 'b2', allowanceKey: 'plan:r2' });
    await until(userId, 10);
    const { rows } = await sql<{ refunded: number }>`
      select count(*)::int as refunded from allowance_consumptions where refunded_at is not null`.execute(billing.db);
    expect(rows[0]?.refunded).toBe(2);
    expect(await booksLeft(userId)).toBe(10);
  });

  it('gives nothing for a failure without a reservation', async () => {
    const userId = newUserId();
    await billing.bus.request(billingRequests.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(billingRequests.consumeAllowance, { userId, kind: 'book', key: 'plan:r1' });
    await billing.bus.publish(events.bookFailed, { bookId: 'b1', userId, step: 'writing', reason: 'x' });
    await billing.bus.publish(events.bookFailed, {
      bookId: 'b2',
      userId,
      step: 'writing',
      reason: 'x',
      allowanceKey: 'plan:unknown',
    });
    // A marker event after both: once its refund shows, the two before it have been handled.
    await billing.bus.request(billingRequests.consumeAllowance, { userId, kind: 'book', key: 'marker' });
    await billing.bus.publish(events.bookFailed, {
      bookId: 'b3',
      userId,
      step: 'writing',
      reason: 'x',
      allowanceKey: 'marker',
    });
    await until(userId, 9);
    expect(await booksLeft(userId)).toBe(9);
  });

  it('gives back a failed translation as a translation, not a book', async () => {
    const userId = newUserId();
    await billing.bus.request(billingRequests.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(billingRequests.consumeAllowance, { userId, kind: 'translation', key: 'translate:r1' });
    const summary = () => billing.bus.request(billingRequests.getSummary, { userId });
    expect(await summary()).toMatchObject({ booksLeftThisMonth: 10, translationsLeftThisMonth: 4 });
    const failed = {
      bookId: 't1',
      userId,
      step: 'translating' as const,
      reason: 'x',
      allowanceKey: 'translate:r1',
      allowanceKind: 'translation' as const,
    };
    await billing.bus.publish(events.bookFailed, failed);
    await billing.bus.publish(events.bookFailed, failed);
    const deadline = Date.now() + 10_000;
    while ((await summary()).translationsLeftThisMonth !== 5) {
      if (Date.now() > deadline) throw new Error('the translation was not given back');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await summary()).toMatchObject({ booksLeftThisMonth: 10, translationsLeftThisMonth: 5 });
  });
});

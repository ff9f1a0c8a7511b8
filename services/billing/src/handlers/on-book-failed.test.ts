import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { TableOutage } from '@bookwright/kit/testing';
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
    (await billing.bus.request(requests.billing.getSummary, { userId })).booksLeftThisMonth;
  async function until(userId: string, left: number) {
    const deadline = Date.now() + 10_000;
    while ((await booksLeft(userId)) !== left) {
      if (Date.now() > deadline) throw new Error(`books left stayed ${await booksLeft(userId)}, not ${left}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('refunds the key the event names, once, even when the event comes twice', async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'plan:r1' });
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'plan:r2' });
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
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'plan:r1' });
    await billing.bus.publish(events.bookFailed, { bookId: 'b1', userId, step: 'writing', reason: 'x' });
    await billing.bus.publish(events.bookFailed, {
      bookId: 'b2',
      userId,
      step: 'writing',
      reason: 'x',
      allowanceKey: 'plan:unknown',
    });
    // A marker event after both: once its refund shows, the two before it have been handled.
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'marker' });
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
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'translation', key: 'translate:r1' });
    const summary = () => billing.bus.request(requests.billing.getSummary, { userId });
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

  it('gives the reservation back once the database is back, after an outage longer than the redeliveries', async () => {
    const outage = new TableOutage('allowance_consumptions');
    const patient = await startBilling({ clock: testClock('2025-03-10T09:00:00.000Z'), outage });
    try {
      const userId = newUserId();
      const { bus } = patient;
      await bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
      await bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'plan:r1' });
      outage.down = true;
      await bus.publish(events.bookFailed, {
        bookId: 'b1',
        userId,
        step: 'writing',
        reason: 'x',
        allowanceKey: 'plan:r1',
      });
      // The consumer's five deliveries, and then at least two more tries of the last one.
      const deadline = Date.now() + 30_000;
      while (outage.refused < 7) {
        if (Date.now() > deadline) throw new Error(`only ${outage.refused} refused tries`);
        await new Promise((r) => setTimeout(r, 50));
      }
      outage.down = false;
      const left = async () => (await bus.request(requests.billing.getSummary, { userId })).booksLeftThisMonth;
      while ((await left()) !== 10) {
        if (Date.now() > deadline) throw new Error(`books left stayed ${await left()}, not 10`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const { rows } = await sql<{ refunded: number }>`
        select count(*)::int as refunded from allowance_consumptions where refunded_at is not null`.execute(patient.db);
      expect(rows[0]?.refunded).toBe(1);
    } finally {
      await patient.stop();
    }
  }, 40_000);
});

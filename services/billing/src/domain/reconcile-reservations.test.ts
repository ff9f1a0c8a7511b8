import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { requests, type AllowanceKind } from '@bookwright/contracts/bus';
import { silentLogger } from '@bookwright/kit';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';
import { confirmReservation } from './confirm-reservation';
import { reconcileReservations } from './reconcile-reservations';

const confirmWithinMs = 30_000;

// Billing learns that a book holds a reservation from the book's own events, and gives back what no event
// named by its deadline; it never asks the book service (decision 0054).
describe('reconciling reservations no book confirmed', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  let reconcile: ReturnType<typeof reconcileReservations>;
  beforeEach(async () => {
    clock = testClock('2025-03-10T09:00:00.000Z');
    // The service's own timer stays out of the way: each test runs the reconciliation itself.
    billing = await startBilling({ clock, env: { RESERVATION_CHECK_EVERY_MS: '600000' } });
    reconcile = reconcileReservations({ db: billing.db, logger: silentLogger(), now: clock.now }, { confirmWithinMs });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
  const reserve = (userId: string, key: string, kind: AllowanceKind = 'book', spentBy?: string) =>
    billing.bus.request(requests.billing.consumeAllowance, {
      userId,
      kind,
      key,
      awaitsConfirmation: true,
      ...(spentBy ? { spentBy } : {}),
    });
  const consume = (userId: string, key: string, kind: AllowanceKind = 'book') =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind, key });
  const refund = (userId: string, key: string, kind: AllowanceKind = 'book') =>
    billing.bus.request(requests.billing.refundAllowance, { userId, kind, key });
  /** The confirmation itself, awaited: what the event handler does with an event that names `key`. */
  const confirm = (userId: string, key: string, kind: 'book' | 'translation' = 'book') =>
    confirmReservation({ db: billing.db, logger: silentLogger(), now: clock.now }, { userId, kind, key });
  const left = async (userId: string) => {
    const summary = await billing.bus.request(requests.billing.getSummary, { userId });
    return { books: summary.booksLeftThisMonth, translations: summary.translationsLeftThisMonth };
  };
  const stateOf = async (userId: string, key: string) => {
    const { rows } = await sql<{ state: string; refunded: boolean; spent_by: string | null }>`
      select state, refunded_at is not null as refunded, spent_by from allowance_consumptions
      where user_id = ${userId} and key = ${key}`.execute(billing.db);
    return rows[0];
  };
  async function until(what: string, check: () => Promise<boolean>) {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const starterAccount = async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    return userId;
  };
  const created = (userId: string, key: string) => ({
    bookId: `book-${key}`,
    userId,
    title: 'T',
    genre: 'mystery' as const,
    bookType: 'fiction' as const,
    language: 'english' as const,
    targetAudience: 'Adults',
    size: 'short' as const,
    prompt: 'p',
    allowanceKey: key,
    allowanceKind: 'book' as const,
  });

  it('gives back a reservation no event named once it has waited, and only once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:lost');
    expect((await left(userId)).books).toBe(9);

    later(confirmWithinMs - 1);
    expect(await reconcile()).toEqual({ released: 0 });
    later(1);
    expect(await reconcile()).toEqual({ released: 1 });
    expect((await left(userId)).books).toBe(10);

    // Neither a later run nor a late refund gives it back twice.
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 0 });
    await refund(userId, 'plan:lost');
    expect((await left(userId)).books).toBe(10);
  });

  it('keeps a reservation once book.created names it, however often the event comes', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:stored');
    await billing.bus.publish(events.bookCreated, created(userId, 'plan:stored'));
    await until('the reservation kept', async () => (await stateOf(userId, 'plan:stored'))?.state === 'kept');
    // A redelivery, and the planning request of the same creation, naming the same key: nothing more.
    await billing.bus.publish(events.bookCreated, created(userId, 'plan:stored'));
    expect(await confirm(userId, 'plan:stored')).toBe('kept');
    later(10 * confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 0 });
    expect((await left(userId)).books).toBe(9);
  });

  it('learns of a retry and a translation from their own events, each under its kind', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'book:b1:writing:2');
    await reserve(userId, 'book:b2:planning:2');
    await reserve(userId, 'translate:t1', 'translation');
    await billing.bus.publish(events.bookConfirmed, {
      bookId: 'b1',
      userId,
      attempt: 2,
      allowanceKey: 'book:b1:writing:2',
      allowanceKind: 'book',
    });
    await billing.bus.publish(events.bookPlanningRequested, {
      bookId: 'b2',
      userId,
      attempt: 2,
      brief: {
        prompt: 'p',
        title: 'T',
        language: 'english',
        targetAudience: 'Adults',
        genre: 'mystery',
        size: 'short',
      },
      allowanceKey: 'book:b2:planning:2',
    });
    await billing.bus.publish(events.bookTranslationRequested, {
      bookId: 't1',
      userId,
      attempt: 1,
      sourceBookId: 'b0',
      sourceLanguage: 'english',
      language: 'french',
      sourceContentKey: 'translation-sources/t1/source.json',
      allowanceKey: 'translate:t1',
      allowanceKind: 'translation',
    });
    await until('all three kept', async () => {
      const states = await Promise.all(
        ['book:b1:writing:2', 'book:b2:planning:2', 'translate:t1'].map((key) => stateOf(userId, key)),
      );
      return states.every((s) => s?.state === 'kept');
    });
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 0 });
    expect(await left(userId)).toEqual({ books: 8, translations: 4 });
  });

  it('ignores an event that names no reservation, and never releases a unit taken for good', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:unnamed');
    await consume(userId, 'cover:1', 'cover');
    const { allowanceKey: _key, allowanceKind: _kind, ...withoutKey } = created(userId, 'plan:unnamed');
    await billing.bus.publish(events.bookCreated, withoutKey);
    // A marker after it: once the marker's reservation is kept, the event before it was handled.
    await reserve(userId, 'plan:marker');
    await billing.bus.publish(events.bookCreated, created(userId, 'plan:marker'));
    await until('the marker kept', async () => (await stateOf(userId, 'plan:marker'))?.state === 'kept');
    expect((await stateOf(userId, 'plan:unnamed'))?.state).toBe('reserved');
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 1 });
    expect((await stateOf(userId, 'cover:1'))?.state).toBe('kept');
  });

  it('takes the unit again for a book whose event came after the release, once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:slow');
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 1 });
    expect((await left(userId)).books).toBe(10);

    // The outbox was held up: the book is stored, and its event comes now, then again.
    await billing.bus.publish(events.bookCreated, created(userId, 'plan:slow'));
    await until('taken again', async () => (await left(userId)).books === 9);
    expect(await confirm(userId, 'plan:slow')).toBe('kept');
    expect((await left(userId)).books).toBe(9);
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 0 });
    expect(await stateOf(userId, 'plan:slow')).toMatchObject({ state: 'kept', refunded: false });
  });

  it("takes a late book's unit from the workspace pool it was reserved in, spent by the same member", async () => {
    const ownerId = await starterAccount();
    const memberId = newUserId();
    await reserve(ownerId, 'plan:member', 'book', memberId);
    later(confirmWithinMs);
    await reconcile();
    expect(await confirm(ownerId, 'plan:member')).toBe('taken-again');
    expect((await left(ownerId)).books).toBe(9);
    expect(await stateOf(ownerId, 'plan:member')).toMatchObject({ state: 'kept', spent_by: memberId });
  });

  it('keeps such a late book, unpaid, when nothing is left to take', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:late');
    later(confirmWithinMs);
    await reconcile();
    for (let i = 0; i < 10; i += 1) await consume(userId, `plan:other-${i}`);
    expect((await left(userId)).books).toBe(0);
    expect(await confirm(userId, 'plan:late')).toBe('none-left');
    expect((await left(userId)).books).toBe(0);
  });

  it('gives nothing more for a reservation its failed book already gave back', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:failed');
    await refund(userId, 'plan:failed');
    // The book failed before its event arrived: the event takes nothing again.
    expect(await confirm(userId, 'plan:failed')).toBe('given-back');
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 0 });
    expect((await left(userId)).books).toBe(10);
  });

  it('takes nothing again for a book that failed after its reservation was released, whichever event comes first', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:released-then-failed');
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 1 });
    // book.failed reaches billing before the (held up) book.created of the same book.
    await refund(userId, 'plan:released-then-failed');
    expect(await confirm(userId, 'plan:released-then-failed')).toBe('given-back');
    expect((await left(userId)).books).toBe(10);

    // The other order: the late event takes the unit again, and the failure gives it back.
    await reserve(userId, 'plan:released-then-confirmed');
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 1 });
    expect(await confirm(userId, 'plan:released-then-confirmed')).toBe('taken-again');
    await refund(userId, 'plan:released-then-confirmed');
    expect((await left(userId)).books).toBe(10);
  });

  it('charges a retried reservation (same key) once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:retried');
    await reserve(userId, 'plan:retried');
    expect((await left(userId)).books).toBe(9);
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ released: 1 });
    expect((await left(userId)).books).toBe(10);
  });

  it('answers unknown for a key billing never reserved', async () => {
    expect(await confirm(await starterAccount(), 'plan:never')).toBe('unknown');
  });

  it('releases once across replicas running at the same time', async () => {
    const userId = await starterAccount();
    for (let i = 0; i < 5; i += 1) await reserve(userId, `plan:orphan-${i}`);
    later(confirmWithinMs);
    const runs = await Promise.all([reconcile(), reconcile(), reconcile()]);
    expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(5);
    expect((await left(userId)).books).toBe(10);
  });

  it('ends with the book paid once when its event and the release meet', async () => {
    const userId = await starterAccount();
    const keys = Array.from({ length: 6 }, (_, i) => `plan:race-${i}`);
    for (const key of keys) await reserve(userId, key);
    later(confirmWithinMs);
    // Each key's confirmation runs beside the replicas' releases: whichever takes the row first, the
    // other sees what it did (kept, or released and then taken again).
    await Promise.all([reconcile(), ...keys.map((key) => confirm(userId, key)), reconcile()]);
    expect((await left(userId)).books).toBe(10 - keys.length);
    for (const key of keys) expect(await stateOf(userId, key)).toMatchObject({ state: 'kept', refunded: false });
  });
});

describe('the billing service', () => {
  it('runs the reconciliation by itself', async () => {
    const clock = testClock('2025-03-10T09:00:00.000Z');
    const billing = await startBilling({
      clock,
      env: { RESERVATION_CONFIRM_WITHIN_MS: '1000', RESERVATION_CHECK_EVERY_MS: '50' },
    });
    try {
      const userId = newUserId();
      await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
      await billing.bus.request(requests.billing.consumeAllowance, {
        userId,
        kind: 'book',
        key: 'plan:lost',
        awaitsConfirmation: true,
      });
      clock.set('2025-03-10T09:00:01.000Z');
      await expect
        .poll(async () => (await billing.bus.request(requests.billing.getSummary, { userId })).booksLeftThisMonth, {
          timeout: 10_000,
        })
        .toBe(10);
    } finally {
      await billing.stop();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@bookwright/contracts/http';
import { requests, type AllowanceKind } from '@bookwright/contracts/bus';
import { silentLogger, type Subscription } from '@bookwright/kit';
import { newUserId, startBilling, testClock, type RunningBilling, type TestClock } from '../testing/billing-harness';
import { reconcileReservations } from './reconcile-reservations';

const confirmWithinMs = 30_000;

/** The book service's side of the question: which keys a book holds, and how often it was asked. */
class FakeBooks {
  readonly held = new Set<string>();
  readonly asked: string[] = [];
  down = false;
  #subscription: Subscription | undefined;

  async serve(billing: RunningBilling): Promise<void> {
    this.#subscription = await billing.bus.serve(requests.book.holdsAllowance, async ({ key }) => {
      this.asked.push(key);
      if (this.down) throw new AppError(503, 'the book service is away');
      return { held: this.held.has(key) };
    });
  }

  async stop(): Promise<void> {
    await this.#subscription?.stop();
  }
}

describe('reconciling reservations no book confirmed', () => {
  let clock: TestClock;
  let billing: RunningBilling;
  let books: FakeBooks;
  let reconcile: ReturnType<typeof reconcileReservations>;
  beforeEach(async () => {
    clock = testClock('2025-03-10T09:00:00.000Z');
    // The service's own timer stays out of the way: each test runs the reconciliation itself.
    billing = await startBilling({ clock, env: { RESERVATION_CHECK_EVERY_MS: '600000' } });
    books = new FakeBooks();
    await books.serve(billing);
    reconcile = reconcileReservations(
      { db: billing.db, bus: billing.bus, logger: silentLogger(), now: clock.now },
      { confirmWithinMs, askTimeoutMs: 5_000 },
    );
  });
  afterEach(async () => {
    await books.stop();
    await billing.stop();
  });

  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
  const reserve = (userId: string, key: string, kind: AllowanceKind = 'book') =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind, key, awaitsConfirmation: true });
  const consume = (userId: string, key: string, kind: AllowanceKind = 'book') =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind, key });
  const confirm = (userId: string, key: string, kind: AllowanceKind = 'book') =>
    billing.bus.request(requests.billing.confirmAllowance, { userId, kind, key });
  const refund = (userId: string, key: string, kind: AllowanceKind = 'book') =>
    billing.bus.request(requests.billing.refundAllowance, { userId, kind, key });
  const left = async (userId: string) => {
    const summary = await billing.bus.request(requests.billing.getSummary, { userId });
    return { books: summary.booksLeftThisMonth, covers: summary.coversLeftThisMonth };
  };
  const starterAccount = async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    return userId;
  };

  it('gives back a reservation no book holds once it has waited, and only once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:lost');
    expect((await left(userId)).books).toBe(9);

    later(confirmWithinMs - 1);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 0 });
    expect(books.asked).toEqual([]);

    later(1);
    expect(await reconcile()).toEqual({ kept: 0, released: 1, undecided: 0 });
    expect(books.asked).toEqual(['plan:lost']);
    expect((await left(userId)).books).toBe(10);

    // Neither a later run nor a late refund gives it back twice.
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 0 });
    await refund(userId, 'plan:lost');
    expect((await left(userId)).books).toBe(10);
  });

  it('keeps a reservation a book holds (its confirmation was lost), and asks about it once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:stored');
    books.held.add('plan:stored');
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 1, released: 0, undecided: 0 });
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 0 });
    expect(books.asked).toEqual(['plan:stored']);
    expect((await left(userId)).books).toBe(9);
  });

  it('never asks about a confirmed reservation, nor about a unit taken for good', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:confirmed');
    expect(await confirm(userId, 'plan:confirmed')).toEqual({ kept: true });
    await consume(userId, 'cover:1', 'cover');
    later(10 * confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 0 });
    expect(books.asked).toEqual([]);
    expect(await left(userId)).toEqual({ books: 9, covers: 9 });
  });

  it('decides nothing while the book service does not answer, and decides once it does', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:unknown');
    books.down = true;
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 1 });
    expect((await left(userId)).books).toBe(9);

    books.down = false;
    expect(await reconcile()).toEqual({ kept: 0, released: 1, undecided: 0 });
    expect((await left(userId)).books).toBe(10);
  });

  it('takes the unit again for a book stored after its reservation was given back, once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:slow');
    later(confirmWithinMs);
    await reconcile();
    expect((await left(userId)).books).toBe(10);

    // The insert was still running: its book is stored now, and confirms.
    expect(await confirm(userId, 'plan:slow')).toEqual({ kept: true });
    expect((await left(userId)).books).toBe(9);
    expect(await confirm(userId, 'plan:slow')).toEqual({ kept: true });
    expect((await left(userId)).books).toBe(9);
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 0 });
  });

  it('keeps such a late book, unpaid, when nothing is left to take', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:late');
    later(confirmWithinMs);
    await reconcile();
    for (let i = 0; i < 10; i += 1) await consume(userId, `plan:other-${i}`);
    expect((await left(userId)).books).toBe(0);
    expect(await confirm(userId, 'plan:late')).toEqual({ kept: false });
    expect((await left(userId)).books).toBe(0);
  });

  it('gives nothing more for a reservation its failed book already gave back', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:failed');
    await refund(userId, 'plan:failed');
    // The book failed before its confirmation arrived: the confirmation takes nothing again.
    expect(await confirm(userId, 'plan:failed')).toEqual({ kept: false });
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 0, undecided: 0 });
    expect((await left(userId)).books).toBe(10);
  });

  it('charges a retried reservation (same key) once', async () => {
    const userId = await starterAccount();
    await reserve(userId, 'plan:retried');
    await reserve(userId, 'plan:retried');
    expect((await left(userId)).books).toBe(9);
    later(confirmWithinMs);
    expect(await reconcile()).toEqual({ kept: 0, released: 1, undecided: 0 });
    expect((await left(userId)).books).toBe(10);
  });

  it('answers kept: false for a key billing never reserved', async () => {
    expect(await confirm(await starterAccount(), 'plan:never')).toEqual({ kept: false });
  });
});

describe('the billing service', () => {
  it('runs the reconciliation by itself', async () => {
    const clock = testClock('2025-03-10T09:00:00.000Z');
    const billing = await startBilling({
      clock,
      env: { RESERVATION_CONFIRM_WITHIN_MS: '1000', RESERVATION_CHECK_EVERY_MS: '50' },
    });
    const books = new FakeBooks();
    try {
      await books.serve(billing);
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
      await books.stop();
      await billing.stop();
    }
  });
});

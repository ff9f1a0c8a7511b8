import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@bookwright/contracts/http';
import { allowanceExhaustedMessages, type AllowanceKind, requests } from '@bookwright/contracts/bus';
import { newUserId, startBilling, testClock, type RunningBilling } from '../testing/billing-harness';

describe('consuming an allowance', () => {
  let billing: RunningBilling;
  beforeEach(async () => {
    billing = await startBilling({ clock: testClock('2025-03-10T09:00:00.000Z') });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const consume = (userId: string, kind: AllowanceKind, key: string) =>
    billing.bus.request(requests.billing.consumeAllowance, { userId, kind, key });
  const subscribe = (userId: string, accountType: 'starter' | 'professional') =>
    billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType } });
  const summary = (userId: string) => billing.bus.request(requests.billing.getSummary, { userId });
  const settle = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );

  it('refuses every kind to a user without a plan, with the spec texts', async () => {
    const userId = newUserId();
    for (const kind of ['book', 'cover', 'translation'] as const) {
      const error = await consume(userId, kind, 'k1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 403, message: allowanceExhaustedMessages[kind] });
    }
    // The spec's own words (§8), not just whatever the contract holds.
    await expect(consume(userId, 'book', 'k2')).rejects.toMatchObject({
      status: 403,
      message: 'You have reached the limit of books you can create this month',
    });
    // A refusal leaves no trace that could later count as a consumption.
    expect(await billing.db.selectFrom('allowance_consumptions').selectAll().execute()).toEqual([]);
  });

  it('gives a starter 10 books, then 403', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    for (let i = 1; i <= 10; i += 1) expect(await consume(userId, 'book', `book-${i}`)).toEqual({ remaining: 10 - i });
    await expect(consume(userId, 'book', 'book-11')).rejects.toMatchObject({
      status: 403,
      message: allowanceExhaustedMessages.book,
    });
    expect(await summary(userId)).toMatchObject({
      booksLeftThisMonth: 0,
      coversLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
    });
  });

  it('counts each kind on its own: a starter has 5 translations', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    for (let i = 1; i <= 5; i += 1) await consume(userId, 'translation', `t-${i}`);
    await expect(consume(userId, 'translation', 't-6')).rejects.toMatchObject({
      status: 403,
      message: allowanceExhaustedMessages.translation,
    });
    expect(await consume(userId, 'cover', 'c-1')).toEqual({ remaining: 9 });
    expect(await consume(userId, 'book', 'b-1')).toEqual({ remaining: 9 });
  });

  it('never runs out on the professional plan (remaining null)', async () => {
    const userId = newUserId();
    await subscribe(userId, 'professional');
    for (let i = 0; i < 25; i += 1) expect(await consume(userId, 'book', `book-${i}`)).toEqual({ remaining: null });
    expect(await consume(userId, 'cover', 'c')).toEqual({ remaining: null });
    expect(await summary(userId)).toMatchObject({
      booksLeftThisMonth: null,
      coversLeftThisMonth: null,
      translationsLeftThisMonth: null,
    });
  });

  it('consumes once per key: a retry answers as before and charges nothing', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    expect(await consume(userId, 'book', 'book-a')).toEqual({ remaining: 9 });
    expect(await consume(userId, 'book', 'book-a')).toEqual({ remaining: 9 });
    // The same key for another kind is another consumption.
    expect(await consume(userId, 'cover', 'book-a')).toEqual({ remaining: 9 });
    expect(await consume(userId, 'book', 'book-b')).toEqual({ remaining: 8 });
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 8, coversLeftThisMonth: 9 });
  });

  it('lets exactly 10 of 50 concurrent consumptions through on a starter plan', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => settle(consume(userId, 'book', `concurrent-${i}`))),
    );
    const succeeded = outcomes.filter((o) => o.ok);
    const refused = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const error of refused) expect(error).toMatchObject({ status: 403, message: allowanceExhaustedMessages.book });
    // Every remaining count from 9 down to 0 was handed out exactly once.
    expect(succeeded.map((o) => o.value.remaining).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 0 });
    const consumptions = await billing.db.selectFrom('allowance_consumptions').select('key').execute();
    expect(consumptions).toHaveLength(10);
  });

  it("records who spent a unit: a workspace member spending the owner's pool, else the payer", async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    const member = newUserId();
    expect(
      await billing.bus.request(requests.billing.consumeAllowance, {
        userId,
        kind: 'book',
        key: 'member-book',
        spentBy: member,
      }),
    ).toEqual({ remaining: 9 });
    expect(await consume(userId, 'book', 'own-book')).toEqual({ remaining: 8 });
    const rows = await billing.db
      .selectFrom('allowance_consumptions')
      .select(['user_id', 'key', 'spent_by'])
      .where('user_id', '=', userId)
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { user_id: userId, key: 'member-book', spent_by: member },
      { user_id: userId, key: 'own-book', spent_by: userId },
    ]);
  });

  it('lets exactly 5 of 20 concurrent members through when the pool has 5 books left', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    for (let i = 0; i < 5; i += 1) await consume(userId, 'book', `before-${i}`);
    const members = Array.from({ length: 20 }, () => newUserId());
    const outcomes = await Promise.all(
      members.map((spentBy, i) =>
        settle(
          billing.bus.request(requests.billing.consumeAllowance, {
            userId,
            kind: 'book',
            key: `member-${i}`,
            spentBy,
          }),
        ),
      ),
    );
    const succeeded = outcomes.flatMap((o, i) => (o.ok ? [{ remaining: o.value.remaining, spentBy: members[i] }] : []));
    const refused = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        status: 403,
        message: 'You have reached the limit of books you can create this month',
      });
    }
    expect(succeeded.map((o) => o.remaining).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 0 });
    // Each unit is charged to the pool and names the member who won it; no refused member left a row.
    const rows = await billing.db
      .selectFrom('allowance_consumptions')
      .select('spent_by')
      .where('user_id', '=', userId)
      .where('key', 'like', 'member-%')
      .execute();
    expect(rows.map((row) => row.spent_by).sort()).toEqual(succeeded.map((o) => o.spentBy).sort());
  });

  it('charges once for 20 concurrent retries of the same key', async () => {
    const userId = newUserId();
    await subscribe(userId, 'starter');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => consume(userId, 'book', 'same-key')));
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => ({ remaining: 9 })));
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 9 });
  });
});

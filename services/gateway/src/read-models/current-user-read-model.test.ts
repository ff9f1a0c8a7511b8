import { describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { type User } from '@bookwright/contracts/http';
import { createInProcessBus, silentLogger } from '@bookwright/kit';
import { buildUser } from '@bookwright/contracts/testing';
import type { CacheLookup } from '../observability/cache-metrics';
import { CurrentUserReadModel } from './current-user-read-model';

function model() {
  const lookups: CacheLookup[] = [];
  const users = new CurrentUserReadModel({
    ttlMs: 60_000,
    maxUsers: 100,
    maxClockSkewMs: 1_000,
    observe: (lookup) => lookups.push(lookup),
  });
  const stored = new Map<string, User>();
  const reads: string[] = [];
  const current = (userId: string) =>
    users.current(userId, undefined, async () => {
      reads.push(userId);
      return stored.get(userId) ?? buildUser({ _id: userId });
    });
  return { users, current, reads, stored, lookups };
}

describe('CurrentUserReadModel', () => {
  it('answers a user from memory until something changes them, and counts hits and misses', async () => {
    const { users, current, reads, stored, lookups } = model();
    stored.set('u1', buildUser({ _id: 'u1', firstName: 'Ada' }));
    expect((await current('u1')).firstName).toBe('Ada');
    expect((await current('u1')).firstName).toBe('Ada');
    expect(reads).toEqual(['u1']);
    stored.set('u1', buildUser({ _id: 'u1', firstName: 'Grace' }));
    users.forgetUser('u1'); // the user's own write (own-writes.ts)
    expect((await current('u1')).firstName).toBe('Grace');
    expect(lookups).toEqual(['miss', 'hit', 'miss']);
  });
});

describe('CurrentUserReadModel on the bus', () => {
  // Each event that changes what GET /user/current-user shows: the account, its plan, an allowance given back.
  const changes = [
    [
      'a plan bought',
      () => [
        events.billingPlanChanged,
        { userId: 'u1', accountType: 'starter', provider: 'local', nextBillingDate: null },
      ],
    ],
    [
      'a subscription renewed or ended',
      () => [
        events.billingSubscriptionChanged,
        {
          userId: 'u1',
          accountType: 'starter',
          subscriptionStatus: 'active',
          nextBillingDate: null,
          cancelAtPeriodEnd: false,
          allowancesReset: true,
        },
      ],
    ],
    [
      'a book failed (its allowance is given back)',
      () => [
        events.bookFailed,
        { bookId: 'b1', userId: 'u1', step: 'writing', reason: 'model down', allowanceKey: 'k' },
      ],
    ],
    ['the account deleted', () => [events.userDeleted, { userId: 'u1', deletedAt: new Date(0).toISOString() }]],
  ] as const;

  for (const [what, event] of changes) {
    it(`drops the user when ${what}, and only them`, async () => {
      const bus = createInProcessBus({ logger: silentLogger() });
      const { users, current, reads } = model();
      const tail = await users.listen(bus);
      try {
        await current('u1');
        await current('u2');
        const [def, data] = event();
        await bus.publish(def as never, data as never);
        await expect.poll(() => users.size).toBe(1);
        await current('u1');
        await current('u2');
        expect(reads).toEqual(['u1', 'u2', 'u1']);
      } finally {
        await tail.stop();
        await bus.close();
      }
    });
  }
});

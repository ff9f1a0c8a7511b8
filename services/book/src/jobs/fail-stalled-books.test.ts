import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import { bookFailureReasons } from '../domain/failure-reasons';
import { startBookWorld, type BookTestWorld, fictionPlan, newUserId } from '../testing/book-harness';

// The last guard: whatever was lost on the way, a book that shows no sign of work for too long fails
// with a reason, gives its book back, and can be retried.
describe('books that stall', () => {
  let world: BookTestWorld | undefined;
  // Each test starts its own service; the embedded database engine starts once, here, under the hook limit.
  beforeAll(async () => {
    await (await createTestDatabase('book', migrations)).close();
  });
  afterEach(async () => {
    await world?.stop();
  });

  it('fails a planning book nobody answers, with its reservation named, and leaves answered books alone', async () => {
    world = await startBookWorld({ BOOK_STALLED_AFTER_MS: '1000' });
    const userId = newUserId();
    const stuck = await world.create(userId, {}, 'req-stuck');
    const answered = await world.create(userId, {}, 'req-answered');
    await world.bus.publish(events.planBuilt, { bookId: answered._id, userId, attempt: 1, bookState: fictionPlan() });

    await world.until('the stuck book fails', async () => (await world!.status(userId, stuck._id)) === 'failed');
    const failed = await world.bus.request(requests.book.get, { userId, bookId: stuck._id });
    expect(failed.failure).toMatchObject({ step: 'planning', reason: bookFailureReasons.planningStalled });
    await world.until('book.failed', () => world!.events('book.failed', stuck._id).length === 1);
    expect(world.events('book.failed', stuck._id)[0]).toMatchObject({ allowanceKey: 'plan:req-stuck' });
    // Validation waits for the author, not for a worker: it never stalls.
    expect(await world.status(userId, answered._id)).toBe('validation');

    // A late plan for the failed attempt changes nothing; the retry plans again.
    await world.bus.request(requests.book.retry, { userId, bookId: stuck._id });
    await world.bus.publish(events.planBuilt, { bookId: stuck._id, userId, attempt: 2, bookState: fictionPlan() });
    await world.until('the retry plans', async () => (await world!.status(userId, stuck._id)) === 'validation');
  });

  it('fails a writing book without progress with the writing reason', async () => {
    world = await startBookWorld({ BOOK_STALLED_AFTER_MS: '1000' });
    const userId = newUserId();
    const book = await world.create(userId);
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await world.until('validation', async () => (await world!.status(userId, book._id)) === 'validation');
    await world.bus.request(requests.book.confirm, { userId, bookId: book._id });
    await world.until('failed', async () => (await world!.status(userId, book._id)) === 'failed');
    expect((await world.bus.request(requests.book.get, { userId, bookId: book._id })).failure).toMatchObject({
      step: 'writing',
      reason: bookFailureReasons.writingStalled,
    });
  });

  it('leaves books alone while they are within the limit', async () => {
    world = await startBookWorld();
    const userId = newUserId();
    const book = await world.create(userId);
    // Two hours by default: an hour-old planning book is still being worked on.
    await sql`update books set updated_at = now() - interval '1 hour'`.execute(world.db);
    const { failStalledBooks } = await import('./fail-stalled-books');
    expect(await failStalledBooks({ db: world.db } as never, 7_200_000)).toBe(0);
    expect(await world.status(userId, book._id)).toBe('planning');
  });
});

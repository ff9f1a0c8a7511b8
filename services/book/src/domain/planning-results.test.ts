import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { type Book } from '@bookwright/contracts/http';
import { bookFailureReasons } from './failure-reasons';
import { startBookWorld, type BookTestWorld, fictionPlan, newUserId, nonFictionPlan } from '../testing/book-harness';
import { HANDLER_TRIES_BEFORE_DEAD_LETTER } from '@bookwright/kit';

// The planner's answers arrive as events; the book service alone decides what they change.
describe('the planner’s answers', () => {
  let world: BookTestWorld;
  let userId: string;
  let book: Book;
  beforeEach(async () => {
    world = await startBookWorld();
    userId = newUserId();
    book = await world.create(userId, {}, 'req-plan');
  });
  afterEach(async () => {
    await world.stop();
  });

  const get = () => world.bus.request(requests.book.get, { userId, bookId: book._id });

  it('stores a plan for the current attempt: planning → validation, book.planned', async () => {
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await world.until('validation', async () => (await world.status(userId, book._id)) === 'validation');
    const stored = await get();
    expect(stored.bookState).toEqual(fictionPlan());
    expect(stored.failure).toBeNull();
    await world.until('book.planned', () => world.events('book.planned', book._id).length === 1);
    expect(world.billing.refunded).toEqual([]);
  });

  it('ignores a plan for another attempt and a second plan for the same one', async () => {
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 2, bookState: fictionPlan('X') });
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan('A') });
    await world.until('validation', async () => (await world.status(userId, book._id)) === 'validation');
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan('B') });
    await world.bus.publish(events.planFailed, { bookId: book._id, userId, attempt: 1, reason: 'late' });
    // A marker published after the duplicates, so that they have most likely been handled when it has.
    const marker = await world.create(userId, {}, 'req-marker');
    await world.bus.publish(events.planBuilt, { bookId: marker._id, userId, attempt: 1, bookState: fictionPlan() });
    await world.until('the marker', async () => (await world.status(userId, marker._id)) === 'validation');
    const stored = await get();
    expect(stored.status).toBe('validation');
    expect((stored.bookState as ReturnType<typeof fictionPlan>).plotOutline.acts[0]!.chapters[0]!.title).toBe('A');
  });

  it('fails the book with the planner’s reason and names the reservation to give back', async () => {
    const reason = 'The AI could not produce a valid plan for this book. Retry to try again.';
    await world.bus.publish(events.planFailed, { bookId: book._id, userId, attempt: 1, reason });
    await world.until('failed', async () => (await world.status(userId, book._id)) === 'failed');
    expect((await get()).failure).toMatchObject({ step: 'planning', reason });
    expect(new Date((await get()).failure!.at).getTime()).not.toBeNaN();
    await world.until('book.failed', () => world.events('book.failed', book._id).length === 1);
    expect(world.events('book.failed', book._id)[0]).toEqual({
      bookId: book._id,
      userId,
      step: 'planning',
      reason,
      allowanceKey: 'plan:req-plan',
    });
  });

  it('fails the book at once when the plan does not fit its type', async () => {
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: nonFictionPlan });
    await world.until('failed', async () => (await world.status(userId, book._id)) === 'failed');
    expect((await get()).failure).toMatchObject({ step: 'planning', reason: bookFailureReasons.planInvalid });
    expect((await get()).bookState).toBeNull();
  });

  it('fails the book, on the last delivery, when the store keeps rejecting the plan', async () => {
    // PostgreSQL refuses a NUL character in jsonb: the store rejects this plan every time.
    await world.bus.publish(events.planBuilt, {
      bookId: book._id,
      userId,
      attempt: 1,
      bookState: fictionPlan('Nul \u0000 inside'),
    });
    await world.until('failed', async () => (await world.status(userId, book._id)) === 'failed');
    expect((await get()).failure).toMatchObject({ step: 'planning', reason: bookFailureReasons.planNotStored });
    await world.until('book.failed', () => world.events('book.failed', book._id).length === 1);
    expect(world.events('book.failed', book._id)[0]).toMatchObject({ allowanceKey: 'plan:req-plan' });
  });

  it('ignores answers about a book that does not exist', async () => {
    await world.bus.publish(events.planFailed, { bookId: 'gone', userId, attempt: 1, reason: 'x' });
    await world.bus.publish(events.planBuilt, { bookId: 'gone', userId, attempt: 1, bookState: fictionPlan() });
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await world.until('validation', async () => (await world.status(userId, book._id)) === 'validation');
    expect(world.seen.filter((e) => e.name === 'book.failed')).toEqual([]);
  });

  describe('while PostgreSQL is away for longer than the bus redelivers', () => {
    // The bus tries an event `HANDLER_TRIES_BEFORE_DEAD_LETTER` times before its last try would decide;
    // refused attempts beyond those are the database being waited out, never a verdict.
    const beyondTheLastDelivery = HANDLER_TRIES_BEFORE_DEAD_LETTER + 3;
    const untilWaitedOut = () =>
      world.until('attempts beyond the last delivery', () => world.outage.lockedReads >= beyondTheLastDelivery);

    it('stores the plan once it is back: planning → validation, book.planned once, nothing failed', async () => {
      world.outage.down = true;
      await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
      await untilWaitedOut();
      world.outage.down = false;
      await world.until('validation', async () => (await world.status(userId, book._id)) === 'validation');
      const stored = await get();
      expect(stored.bookState).toEqual(fictionPlan());
      expect(stored.failure).toBeNull();
      await world.until('book.planned', () => world.events('book.planned', book._id).length === 1);
      // A marker published after, so that anything the wait might have duplicated has most likely landed.
      const marker = await world.create(userId, {}, 'req-marker');
      await world.bus.publish(events.planBuilt, { bookId: marker._id, userId, attempt: 1, bookState: fictionPlan() });
      await world.until('the marker', () => world.events('book.planned', marker._id).length === 1);
      expect(world.events('book.planned', book._id)).toHaveLength(1);
      expect(world.events('book.failed', book._id)).toEqual([]);
      expect(world.billing.refunded).toEqual([]);
    });

    it('still fails the book for a plan the store rejects, once it is back', async () => {
      world.outage.down = true;
      await world.bus.publish(events.planBuilt, {
        bookId: book._id,
        userId,
        attempt: 1,
        bookState: fictionPlan('Nul \u0000 inside'),
      });
      await untilWaitedOut();
      world.outage.down = false;
      await world.until('failed', async () => (await world.status(userId, book._id)) === 'failed');
      expect((await get()).failure).toMatchObject({ step: 'planning', reason: bookFailureReasons.planNotStored });
      await world.until('book.failed', () => world.events('book.failed', book._id).length === 1);
    });

    it('records the planner’s failure once it is back', async () => {
      const reason = 'The AI could not produce a valid plan for this book. Retry to try again.';
      world.outage.down = true;
      await world.bus.publish(events.planFailed, { bookId: book._id, userId, attempt: 1, reason });
      await untilWaitedOut();
      world.outage.down = false;
      await world.until('failed', async () => (await world.status(userId, book._id)) === 'failed');
      expect((await get()).failure).toMatchObject({ step: 'planning', reason });
    });

    it('lets the service stop while it waits, without failing the book', async () => {
      world.outage.down = true;
      await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
      await untilWaitedOut();
      // Resolves only once the waiting handler has let go (the test's time limit would catch a hang).
      await world.stop();
      // The book stays in planning, which the next start announces again (reannounce.test.ts).
      expect(world.seen.filter((e) => e.data.bookId === book._id).map((e) => e.name)).toEqual([
        'book.created',
        'book.planning-requested',
      ]);
      expect(world.billing.refunded).toEqual([]);
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages, requests } from '@bookwright/contracts/bus';
import { errorScreens, type Book } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { startBookWorld, type BookTestWorld, fictionPlan, newUserId } from '../testing/book-harness';
import { appErrorFrom } from '@bookwright/contracts/testing';

describe('a book’s life after planning', () => {
  let world: BookTestWorld;
  let userId: string;
  let book: Book;
  beforeEach(async () => {
    world = await startBookWorld();
    userId = newUserId();
    book = await world.create(userId, {}, 'req-life');
  });
  afterEach(async () => {
    await world.stop();
  });

  const retry = () => world.bus.request(requests.book.retry, { userId, bookId: book._id });
  const confirm = () => world.bus.request(requests.book.confirm, { userId, bookId: book._id });
  const reachStatus = (status: string) =>
    world.until(status, async () => (await world.status(userId, book._id)) === status);
  async function planIt() {
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await reachStatus('validation');
  }
  async function failPlanning(attempt: number, reason = 'The AI service did not answer.') {
    await world.bus.publish(events.planFailed, { bookId: book._id, userId, attempt, reason });
    await reachStatus('failed');
  }

  it('retries failed planning with a new reservation and a new attempt', async () => {
    await failPlanning(1);
    const retried = await retry();
    expect(retried).toMatchObject({ status: 'planning', failure: null });
    const key = `book:${book._id}:planning:2`;
    expect(world.billing.consumed).toEqual(['plan:req-life', key]);
    await world.until('the second request', () => world.events('book.planning-requested', book._id).length === 2);
    // The retried book holds the new reservation, and its request says so to billing.
    expect(world.events('book.planning-requested', book._id).map((e) => [e.attempt, e.allowanceKey])).toEqual([
      [1, 'plan:req-life'],
      [2, key],
    ]);

    // An answer for the first attempt changes nothing now; the second attempt's failure names its own key.
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await failPlanning(2, 'again');
    await world.until('two failures', () => world.events('book.failed', book._id).length === 2);
    expect(world.events('book.failed', book._id).map((e) => e.allowanceKey)).toEqual(['plan:req-life', key]);
    expect((await world.bus.request(requests.book.get, { userId, bookId: book._id })).bookState).toBeNull();
  });

  it('answers the spec 403 and leaves the book failed when no book is left', async () => {
    await failPlanning(1);
    world.billing.booksLeft = 0;
    const error = await appErrorFrom(retry());
    expect(error.status).toBe(403);
    expect(error.message).toBe(allowanceExhaustedMessages.book);
    expect(await world.status(userId, book._id)).toBe('failed');
    expect(world.billing.consumed).toEqual(['plan:req-life']);
  });

  it('refuses a retry of a book that did not fail with a 409, before reserving anything', async () => {
    const error = await appErrorFrom(retry());
    expect(error.status).toBe(409);
    expect(error.message).toBe("You can't retry now: this book is still being planned.");
    expect(world.billing.consumed).toEqual(['plan:req-life']);
    expect(
      (await appErrorFrom(world.bus.request(requests.book.retry, { userId: newUserId(), bookId: book._id }))).status,
    ).toBe(404);
  });

  it('pays once for the same retry sent twice at once', async () => {
    await failPlanning(1);
    const results = await Promise.allSettled([retry(), retry()]);
    expect(results.filter((r) => r.status === 'fulfilled')).not.toHaveLength(0);
    expect(world.billing.consumed).toEqual(['plan:req-life', `book:${book._id}:planning:2`]);
    expect(world.billing.refunded).toEqual([]);
    expect(await world.status(userId, book._id)).toBe('planning');
  });

  it('answers the spec 402 to a confirmation once the plan has ended, and leaves the book in validation', async () => {
    await planIt();
    world.billing.accountType = 'null';
    expect(await appErrorFrom(confirm())).toMatchObject({ status: 402, message: errorScreens[402].description });
    expect(await world.status(userId, book._id)).toBe('validation');
    expect(world.events('book.confirmed', book._id)).toEqual([]);
  });

  it('confirms, fails writing through the writer’s report, retries writing, and completes', async () => {
    expect((await appErrorFrom(confirm())).status).toBe(409);
    await planIt();
    expect(await confirm()).toMatchObject({ status: 'writing', progress: { chaptersWritten: 0, chaptersTotal: 2 } });
    expect((await appErrorFrom(confirm())).message).toBe(
      "You can't confirm the structure now: this book is being written.",
    );

    const reason = 'The AI service did not answer. Retry to continue from chapter 2.';
    expect(await world.bus.request(requests.book.recordFailure, { bookId: book._id, step: 'writing', reason })).toEqual(
      { applied: true },
    );
    // A redelivered report, or one for the wrong step, changes nothing.
    expect(await world.bus.request(requests.book.recordFailure, { bookId: book._id, step: 'writing', reason })).toEqual(
      { applied: false },
    );
    const failed = await world.bus.request(requests.book.get, { userId, bookId: book._id });
    expect(failed).toMatchObject({ status: 'failed', failure: { step: 'writing', reason } });
    await world.until('book.failed', () => world.events('book.failed', book._id).length === 1);
    expect(world.events('book.failed', book._id)[0]).toMatchObject({ allowanceKey: 'plan:req-life' });

    expect(await retry()).toMatchObject({ status: 'writing', failure: null });
    expect(world.billing.consumed).toEqual(['plan:req-life', `book:${book._id}:writing:2`]);
    await world.until('two confirmations', () => world.events('book.confirmed', book._id).length === 2);
    expect(world.events('book.confirmed', book._id).map((e) => e.attempt)).toEqual([1, 2]);

    const document = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Done.' }] }] };
    await world.blobs.put('manuscripts/test.json', Buffer.from(JSON.stringify(document)), {
      contentType: 'application/json',
    });
    const complete = { bookId: book._id, contentBlobKey: 'manuscripts/test.json', words: 1, pages: 1 };
    expect(await world.bus.request(requests.book.completeManuscript, complete)).toEqual({ applied: true });
    expect(await world.bus.request(requests.book.completeManuscript, complete)).toEqual({ applied: false });
    expect(await world.status(userId, book._id)).toBe('ready');
    // Ready is the end: a late failure report changes nothing.
    expect(await world.bus.request(requests.book.recordFailure, { bookId: book._id, step: 'writing', reason })).toEqual(
      { applied: false },
    );
    expect((await appErrorFrom(retry())).message).toBe("You can't retry now: this book is already written.");
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { allowanceExhaustedMessages, requests } from '@bookwright/contracts/bus';
import { apiMessages } from '@bookwright/contracts/http';
import { startBookWorld, type BookTestWorld, newUserId, planRequest } from '../testing/book-harness';
import { appErrorFrom } from '@bookwright/contracts/testing';

describe('creating a book (the book command behind POST /agent/plan)', () => {
  let world: BookTestWorld;
  beforeEach(async () => {
    world = await startBookWorld();
  });
  afterEach(async () => {
    await world.stop();
  });

  it('reserves one book, stores it in planning and asks for its plan with the brief', async () => {
    const userId = newUserId();
    const book = await world.create(userId, {}, 'req-1');

    expect(book).toMatchObject({ status: 'planning', title: planRequest.title, failure: null, bookState: null });
    expect(world.billing.consumed).toEqual(['plan:req-1']);
    await world.until('the planning request', () => world.events('book.planning-requested', book._id).length === 1);
    expect(world.events('book.planning-requested', book._id)[0]).toEqual({
      bookId: book._id,
      userId,
      attempt: 1,
      brief: {
        prompt: planRequest.prompt,
        title: planRequest.title,
        language: 'english',
        targetAudience: 'Adults',
        genre: 'mystery',
        size: 'short',
      },
      allowanceKey: 'plan:req-1',
      allowanceKind: 'book',
    });
    // Stored with the book, its events name the reservation it holds: billing keeps it (decision 0054).
    expect(world.events('book.created', book._id)).toHaveLength(1);
    expect(world.events('book.created', book._id)[0]).toMatchObject({
      allowanceKey: 'plan:req-1',
      allowanceKind: 'book',
    });
  });

  it('pays once and creates one book for the same request sent twice, also at the same time', async () => {
    const userId = newUserId();
    const [first, second] = await Promise.all([
      world.create(userId, {}, 'req-twice'),
      world.create(userId, {}, 'req-twice'),
    ]);
    const third = await world.create(userId, {}, 'req-twice');
    expect(second._id).toBe(first._id);
    expect(third._id).toBe(first._id);
    expect(world.billing.consumed).toEqual(['plan:req-twice']);
    expect(world.billing.refunded).toEqual([]);
    expect((await world.bus.request(requests.book.list, { userId })).books).toHaveLength(1);
    // Another user with the same request id is another request.
    const other = await world.create(newUserId(), {}, 'req-twice');
    expect(other._id).not.toBe(first._id);
  });

  it('stores nothing and answers the spec 403 when no book is left this month', async () => {
    const userId = newUserId();
    world.billing.booksLeft = 0;
    const error = await appErrorFrom(world.create(userId));
    expect(error.status).toBe(403);
    expect(error.message).toBe(allowanceExhaustedMessages.book);
    expect((await world.bus.request(requests.book.list, { userId })).books).toEqual([]);
  });

  it('gives the reservation back when the book cannot be stored', async () => {
    const userId = newUserId();
    // The store refuses every new book (as a full disk or a broken schema would).
    await sql`alter table books add constraint no_new_books check (title <> ${sql.lit(planRequest.title)})`.execute(
      world.db,
    );
    const error = await appErrorFrom(world.create(userId, {}, 'req-broken'));
    expect(error.status).toBe(500);
    expect(world.billing.consumed).toEqual(['plan:req-broken']);
    expect(world.billing.refunded).toEqual(['plan:req-broken']);
    expect(world.seen.filter((event) => event.data.allowanceKey === 'plan:req-broken')).toEqual([]);
    expect(world.billing.booksLeft).toBe(10);
  });

  it('answers 503 "temporarily unavailable", not a 500, while the database is unreachable', async () => {
    const userId = newUserId();
    world.outage.down = true;
    const error = await appErrorFrom(world.create(userId, {}, 'req-outage'));
    expect(error.status).toBe(503);
    expect(error.message).toBe(apiMessages.unavailable);
    world.outage.down = false;
    // The author's retry of the same action goes through.
    await expect(world.create(userId, {}, 'req-outage')).resolves.toMatchObject({ status: 'planning' });
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { apiMessages, purgeAtOf, trashMessages, trashRetentionMs, type Book } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { appErrorFrom } from '@bookwright/contracts/testing';
import { createTestDatabase } from '@bookwright/kit/testing';
import { OutboxRelay, silentLogger, type EventMeta } from '@bookwright/kit';
import { migrations } from '../db/migrations';
import { translationSourceKey } from '../domain/new-translation';
import { startBookWorld, type BookTestWorld, fictionPlan, newUserId } from '../testing/book-harness';
import { failStalledBooks } from '../jobs/fail-stalled-books';
import { purgeExpiredTrash } from '../jobs/purge-trash';
import { recordPlan } from './on-planner-plan-built';
import { recordPlanFailure } from './on-planner-plan-failed';
import { everyonePays } from '../access/payer-plans';
import { SavedChaptersMemory } from '../domain/saved-chapters';

const manuscript = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'The lamp was lit.' }] },
  ],
};

describe('the trash', () => {
  let world: BookTestWorld;
  let userId: string;
  beforeAll(async () => {
    // The embedded database engine starts once, here, under the hook limit.
    await (await createTestDatabase('book', migrations)).close();
  });
  beforeEach(async () => {
    world = await startBookWorld();
    userId = newUserId();
  });
  afterEach(async () => {
    await world.stop();
  });

  const owned = (bookId: string, user = userId) => ({ userId: user, bookId });
  const trash = (bookId: string, user = userId) => world.bus.request(requests.book.trash, owned(bookId, user));
  const restore = (bookId: string, user = userId) => world.bus.request(requests.book.restore, owned(bookId, user));
  const forever = (bookId: string, user = userId) =>
    world.bus.request(requests.book.deleteForever, owned(bookId, user));
  const trashList = async (user = userId) => (await world.bus.request(requests.book.listTrash, { userId: user })).books;
  const library = async () => (await world.bus.request(requests.book.list, { userId })).books;
  const get = (bookId: string) => world.bus.request(requests.book.get, owned(bookId));
  const reach = (bookId: string, status: string) =>
    world.until(status, async () => (await world.status(userId, bookId)) === status);

  async function plannedBook(requestId = 'req-trash'): Promise<Book> {
    const book = await world.create(userId, {}, requestId);
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 1, bookState: fictionPlan() });
    await reach(book._id, 'validation');
    return get(book._id);
  }

  async function readyBook(): Promise<Book> {
    const book = await plannedBook();
    await world.bus.request(requests.book.confirm, owned(book._id));
    await world.blobs.put(`manuscripts/${book._id}/1.json`, Buffer.from(JSON.stringify(manuscript)), {
      contentType: 'application/json',
    });
    await world.bus.request(requests.book.completeManuscript, {
      bookId: book._id,
      contentBlobKey: `manuscripts/${book._id}/1.json`,
      words: 4,
      pages: 1,
    });
    await world.bus.request(requests.book.updateMetadata, {
      ...owned(book._id),
      metadata: {
        title: 'The Lamp',
        author: 'Mara Keeper',
        languageMetadata: 'en',
        identifier: '0b8e5a4e-7c1d-4f0e-9a57-3f3c2d1e0a11',
      },
    });
    // The author's save keeps a revision.
    const edited = { ...manuscript, content: [...manuscript.content, manuscript.content[1]] };
    await world.bus.request(requests.book.updateContent, { ...owned(book._id), bookContent: JSON.stringify(edited) });
    return get(book._id);
  }

  it('hides a trashed book everywhere but the trash, and restores it whole', async () => {
    const book = await readyBook();
    const { deletedAt } = await trash(book._id);
    expect(new Date(deletedAt).getTime()).not.toBeNaN();
    expect(await library()).toEqual([]);
    // Nothing reads or changes a book in the trash: it is as absent as someone else's.
    expect((await appErrorFrom(get(book._id))).status).toBe(404);
    expect(
      (
        await appErrorFrom(
          world.bus.request(requests.book.updateContent, {
            ...owned(book._id),
            bookContent: JSON.stringify(manuscript),
          }),
        )
      ).status,
    ).toBe(404);
    expect((await appErrorFrom(world.bus.request(requests.book.listRevisions, owned(book._id)))).status).toBe(404);
    expect(
      (
        await appErrorFrom(
          world.bus.request(requests.book.translate, { ...owned(book._id), language: 'polish', requestId: 't' }),
        )
      ).status,
    ).toBe(404);

    const [trashed] = await trashList();
    expect(trashed).toMatchObject({ _id: book._id, status: 'ready', title: 'The Lamp', coverImage: null, deletedAt });
    expect(trashed!.purgeAt).toBe(new Date(new Date(deletedAt).getTime() + 30 * 24 * 60 * 60 * 1000).toISOString());
    await world.until('book.trashed', () => world.events('book.trashed', book._id).length === 1);
    // The writing attempt it had: a restore resumes under the next one.
    expect(world.events('book.trashed', book._id)[0]).toEqual({ bookId: book._id, userId, deletedAt, attempt: 1 });

    await restore(book._id);
    expect(await trashList()).toEqual([]);
    const restored = await get(book._id);
    const { updatedAt: _a, ...before } = book;
    const { updatedAt: _b, ...after } = restored;
    expect(after).toEqual(before);
    expect((await world.bus.request(requests.book.listRevisions, owned(book._id))).revisions.length).toBeGreaterThan(0);
    expect((await library()).map((b) => b._id)).toEqual([book._id]);
    await world.until('book.restored', () => world.events('book.restored', book._id).length === 1);
    // A ready book has no work to resume; nothing was refunded.
    expect(world.events('book.confirmed', book._id)).toHaveLength(1);
    expect(world.billing.refunded).toEqual([]);
  });

  it('answers 409 for a second trash, a restore or a permanent delete outside the trash, and 404 for anyone else', async () => {
    const book = await plannedBook();
    const outside = await appErrorFrom(restore(book._id));
    expect(outside).toMatchObject({ status: 409, message: trashMessages.notInTrash });
    expect(await appErrorFrom(forever(book._id))).toMatchObject({
      status: 409,
      message: trashMessages.deleteNotInTrash,
    });
    await trash(book._id);
    expect(await appErrorFrom(trash(book._id))).toMatchObject({ status: 409, message: trashMessages.alreadyInTrash });

    const stranger = newUserId();
    for (const call of [trash, restore, forever])
      expect(await appErrorFrom(call(book._id, stranger))).toMatchObject({
        status: 404,
        message: apiMessages.notFound,
      });
    expect(await trashList(stranger)).toEqual([]);
    expect(await appErrorFrom(trash('no-such-book'))).toMatchObject({ status: 404 });
    expect((await trashList()).map((b) => b._id)).toEqual([book._id]);
  });

  it('ignores a late plan for a trashed book, keeps the allowance spent, and plans again on restore', async () => {
    const book = await world.create(userId, {}, 'req-planning');
    await trash(book._id);
    // The planner's answers for the attempt the book was waiting for, handled while it is in the trash.
    const meta = eventMeta();
    await recordPlan(depsOf(world))({ bookId: book._id, userId, attempt: 1, bookState: fictionPlan() }, meta);
    await recordPlanFailure(depsOf(world))({ bookId: book._id, userId, attempt: 1, reason: 'late' }, meta);
    const row = await world.db.selectFrom('books').selectAll().where('id', '=', book._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'planning', book_state: null, failure: null });
    // The stall watchdog waits for no work in the trash.
    await sql`update books set updated_at = now() - interval '3 hours'`.execute(world.db);
    expect(await failStalledBooks({ ...depsOf(world) }, 1_000)).toBe(0);
    expect(world.events('book.planned', book._id)).toEqual([]);
    expect(world.events('book.failed', book._id)).toEqual([]);
    expect(world.billing.refunded).toEqual([]);
    expect((await trashList())[0]).toMatchObject({ status: 'planning', failure: null });

    await restore(book._id);
    await world.until('planning asked again', () => world.events('book.planning-requested', book._id).length === 2);
    expect(world.events('book.planning-requested', book._id)[1]).toMatchObject({ attempt: 2 });
    // Whatever the trashed attempt still says, now or later, is stale; the new attempt's plan is taken.
    await world.bus.publish(events.planFailed, { bookId: book._id, userId, attempt: 1, reason: 'later still' });
    await world.bus.publish(events.planBuilt, { bookId: book._id, userId, attempt: 2, bookState: fictionPlan() });
    await reach(book._id, 'validation');
    expect(world.events('book.failed', book._id)).toEqual([]);
    expect(world.billing.consumed).toEqual(['plan:req-planning']);
  });

  it('keeps a trashed book in writing unchanged by the writer, and resumes writing under a new attempt on restore', async () => {
    const book = await plannedBook();
    await world.bus.request(requests.book.confirm, owned(book._id));
    await trash(book._id);
    // What a writer still finishing says: nothing changes while the book is in the trash.
    expect(
      await world.bus.request(requests.book.recordFailure, { bookId: book._id, step: 'writing', reason: 'stopped' }),
    ).toEqual({ applied: false });
    await world.blobs.put(`manuscripts/${book._id}/1.json`, Buffer.from(JSON.stringify(manuscript)), {
      contentType: 'application/json',
    });
    expect(
      await world.bus.request(requests.book.completeManuscript, {
        bookId: book._id,
        contentBlobKey: `manuscripts/${book._id}/1.json`,
        words: 4,
        pages: 1,
      }),
    ).toEqual({ applied: false });
    await world.bus.publish(events.bookChapterWritten, {
      bookId: book._id,
      userId,
      chapterNumber: 1,
      chaptersWritten: 1,
      chaptersTotal: 2,
    });
    expect((await appErrorFrom(world.bus.request(requests.book.getBrief, { bookId: book._id }))).status).toBe(404);
    expect((await trashList())[0]).toMatchObject({ status: 'writing', progress: { chaptersWritten: 0 } });
    expect(world.billing.refunded).toEqual([]);

    await restore(book._id);
    await world.until('writing asked again', () => world.events('book.confirmed', book._id).length === 2);
    // Under the reservation the book already holds: billing keeps that one (decision 0054), none is taken anew.
    expect(world.events('book.confirmed', book._id)[1]).toEqual({
      bookId: book._id,
      userId,
      attempt: 2,
      allowanceKey: world.events('book.created', book._id)[0]?.allowanceKey,
      allowanceKind: 'book',
    });
    expect(await world.status(userId, book._id)).toBe('writing');
  });

  it('asks for a trashed translation again under a new attempt, and deletes its original’s copy with it', async () => {
    const original = await readyBook();
    const translation = await world.bus.request(requests.book.translate, {
      ...owned(original._id),
      language: 'polish',
      requestId: 'tr-trash',
    });
    await trash(translation._id);
    await restore(translation._id);
    await world.until(
      'translation asked again',
      () => world.events('book.translation-requested', translation._id).length === 2,
    );
    expect(world.events('book.translation-requested', translation._id)[1]).toMatchObject({ attempt: 2 });

    await trash(translation._id);
    expect(await world.blobs.get(translationSourceKey(translation._id))).not.toBeNull();
    await forever(translation._id);
    await world.until(
      'the copy of the original is gone',
      async () => (await world.blobs.get(translationSourceKey(translation._id))) === null,
    );
    expect(await world.status(userId, original._id)).toBe('ready');
  });

  it('deletes a book forever with its revisions, and announces it once', async () => {
    const book = await readyBook();
    const revisions = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text as n from book_revisions where book_id = ${book._id}`.execute(
            world.db,
          )
        ).rows[0]!.n,
      );
    expect(await revisions()).toBeGreaterThan(0);
    await trash(book._id);
    const { deletedAt } = await forever(book._id);
    expect(await revisions()).toBe(0);
    expect(await trashList()).toEqual([]);
    expect(await appErrorFrom(restore(book._id))).toMatchObject({ status: 404 });
    expect(await appErrorFrom(forever(book._id))).toMatchObject({ status: 404 });
    await world.until('book.deleted', () => world.events('book.deleted', book._id).length === 1);
    expect(world.events('book.deleted', book._id)[0]).toEqual({ bookId: book._id, userId, deletedAt });
  });

  it('purges books 30 days after they were trashed, on the service’s clock, and no sooner', async () => {
    const old = await plannedBook('req-old');
    const recent = await plannedBook('req-recent');
    const kept = await plannedBook('req-kept');
    const { deletedAt } = await trash(old._id);
    world.clockOffsetMs = 10 * 24 * 60 * 60 * 1000;
    await trash(recent._id);
    const deps = depsOf(world);

    const trashedAt = new Date(deletedAt).getTime();
    expect(await purgeExpiredTrash(deps, new Date(trashedAt + trashRetentionMs - 1))).toBe(0);
    expect((await trashList()).map((b) => b.purgeAt)).toContain(purgeAtOf(deletedAt));
    expect(await purgeExpiredTrash(deps, new Date(trashedAt + trashRetentionMs))).toBe(1);
    expect((await trashList()).map((b) => b._id)).toEqual([recent._id]);
    await world.until('book.deleted', () => world.events('book.deleted', old._id).length === 1);
    // Run again: nothing more to do.
    expect(await purgeExpiredTrash(deps, new Date(trashedAt + trashRetentionMs))).toBe(0);
    expect((await library()).map((b) => b._id)).toEqual([kept._id]);
  });
});

/** What the bus hands an event handler, for calling one directly. */
function eventMeta(): EventMeta {
  return {
    id: 'late-answer',
    name: 'planner.plan-built',
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: undefined,
    deliveryCount: 1,
    logger: silentLogger(),
    working: () => undefined,
  };
}

/** The handlers' deps on the world's own database (the sweep and the watchdog are called directly). */
function depsOf(world: BookTestWorld) {
  return {
    db: world.db,
    bus: world.bus,
    relay: new OutboxRelay({ db: world.db, bus: world.bus, logger: silentLogger() }),
    blobs: world.blobs,
    logger: silentLogger(),
    newId: () => 'unused',
    // The trash keeps no snapshots.
    retention: undefined as never,
    savedChapters: new SavedChaptersMemory(),
    payers: everyonePays,
  };
}

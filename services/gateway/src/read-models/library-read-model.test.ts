import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { type BookSummary } from '@bookwright/contracts/http';
import { createInProcessBus, silentLogger } from '@bookwright/kit';
import { buildBook } from '@bookwright/contracts/testing';
import { LibraryReadModel } from './library-read-model';

const summary = (overrides: Partial<BookSummary> = {}): BookSummary => {
  const { _id, title, subtitle, status, genre, bookType, language, targetAudience, size, coverImage, author } =
    buildBook(overrides);
  return {
    _id,
    title,
    subtitle,
    status,
    genre,
    bookType,
    language,
    targetAudience,
    size,
    coverImage,
    author,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    failure: null,
    progress: null,
    translation: null,
    role: 'owner',
    ...overrides,
  };
};

function model(options: { ttlMs?: number; maxUsers?: number } = {}) {
  let now = 1_000_000;
  const library = new LibraryReadModel({
    ttlMs: 5_000,
    maxUsers: 100,
    maxClockSkewMs: 1_000,
    ...options,
    now: () => now,
  });
  const reads: string[] = [];
  const store = new Map<string, BookSummary[]>();
  const list = (userId: string, wroteAt?: number) =>
    library.list(userId, wroteAt, async () => {
      reads.push(userId);
      return store.get(userId) ?? [];
    });
  return { library, list, reads, store, advance: (ms: number) => (now += ms), now: () => now };
}

describe('LibraryReadModel', () => {
  it('answers from memory within the TTL, per user, and reads again after it', async () => {
    const { list, reads, store, advance } = model();
    store.set('u1', [summary({ _id: 'a', title: 'Mine' })]);
    store.set('u2', [summary({ _id: 'b', title: 'Theirs' })]);
    expect((await list('u1')).map((b) => b.title)).toEqual(['Mine']);
    expect((await list('u2')).map((b) => b.title)).toEqual(['Theirs']);
    expect((await list('u1')).map((b) => b.title)).toEqual(['Mine']);
    expect(reads).toEqual(['u1', 'u2']);
    advance(5_000);
    await list('u1');
    expect(reads).toEqual(['u1', 'u2', 'u1']);
  });

  it('shares one read between requests of the same user arriving together', async () => {
    const { list, reads } = model();
    await Promise.all([list('u1'), list('u1'), list('u1')]);
    expect(reads).toEqual(['u1']);
  });

  it('reads afresh after a change to the user (event or own write), and keeps no answer read during one', async () => {
    const { library, list, reads, store } = model();
    store.set('u1', [summary({ _id: 'a', title: 'Before' })]);
    await list('u1');
    store.set('u1', [summary({ _id: 'a', title: 'After' })]);
    library.forgetUser('u1');
    expect((await list('u1'))[0]!.title).toBe('After');

    // A change that lands while a read is under way: that read's answer is given but not kept.
    library.forgetUser('u1');
    let release!: () => void;
    const slow = library.list('u1', undefined, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return [summary({ _id: 'a', title: 'Stale' })];
    });
    library.forgetUser('u1');
    release();
    await slow;
    expect((await list('u1'))[0]!.title).toBe('After');
    expect(reads).toEqual(['u1', 'u1', 'u1']);
    expect((await list('u1'))[0]!.title).toBe('After');
    expect(reads).toEqual(['u1', 'u1', 'u1']);
  });

  it('never answers from a copy read before the write the write-mark dates, nor within the clock skew after it', async () => {
    const { list, reads, advance, now } = model();
    await list('u1');
    const wroteAt = now();
    advance(500);
    await list('u1', wroteAt); // held copy predates the write: read again
    await list('u1', wroteAt); // this one was read only 500 ms after it: inside the skew, read again
    advance(1_000);
    await list('u1', wroteAt);
    await list('u1', wroteAt); // read 1.5 s after the write: answered from memory
    expect(reads).toEqual(['u1', 'u1', 'u1', 'u1']);
  });

  it('moves writing progress forward in place, never backward, and drops what it cannot apply', async () => {
    const { library, list, reads, store } = model();
    store.set('u1', [
      summary({ _id: 'w', status: 'writing', progress: { chaptersWritten: 1, chaptersTotal: 5 } }),
      summary({ _id: 'r', status: 'ready' }),
    ]);
    await list('u1');
    library.applyProgress('u1', { bookId: 'w', chaptersWritten: 3, chaptersTotal: 5 });
    library.applyProgress('u1', { bookId: 'w', chaptersWritten: 2, chaptersTotal: 5 });
    expect((await list('u1'))[0]!.progress).toEqual({ chaptersWritten: 3, chaptersTotal: 5 });
    expect(reads).toEqual(['u1']);
    library.applyProgress('u1', { bookId: 'r', chaptersWritten: 1, chaptersTotal: 5 });
    await list('u1');
    expect(reads).toEqual(['u1', 'u1']);
  });

  it('applies progress that arrives during a read to its answer, and keeps it', async () => {
    const { library, list, reads } = model();
    let release!: () => void;
    const reading = library.list('u1', undefined, async () => {
      reads.push('u1');
      await new Promise<void>((resolve) => (release = resolve));
      // Read before the writer's third chapter was recorded.
      return [summary({ _id: 'w', status: 'writing', progress: { chaptersWritten: 2, chaptersTotal: 5 } })];
    });
    const joining = list('u1');
    library.applyProgress('u1', { bookId: 'w', chaptersWritten: 3, chaptersTotal: 5 });
    const afterTheEvent = list('u1');
    release();
    for (const answer of await Promise.all([reading, joining, afterTheEvent]))
      expect(answer[0]!.progress).toEqual({ chaptersWritten: 3, chaptersTotal: 5 });
    expect((await list('u1'))[0]!.progress).toEqual({ chaptersWritten: 3, chaptersTotal: 5 });
    expect(reads).toEqual(['u1']);
  });

  it('gives a read its answer as read but does not keep it when progress during it cannot be applied', async () => {
    const { library, list, reads, store } = model();
    store.set('u1', [summary({ _id: 'r', status: 'ready' })]);
    let release!: () => void;
    const reading = library.list('u1', undefined, async () => {
      reads.push('u1');
      await new Promise<void>((resolve) => (release = resolve));
      return [summary({ _id: 'r', status: 'ready' })];
    });
    library.applyProgress('u1', { bookId: 'r', chaptersWritten: 1, chaptersTotal: 5 });
    release();
    expect((await reading)[0]!.status).toBe('ready');
    await list('u1');
    expect(reads).toEqual(['u1', 'u1']);
  });

  it('answers, for any order of progress events around a read, the furthest progress heard before its answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 8 }),
        fc.nat(8),
        fc.integer({ min: 0, max: 12 }),
        async (events, readAfter, readProgress) => {
          const { library, list, reads } = model();
          let release!: () => void;
          const reading = library.list('u1', undefined, async () => {
            reads.push('u1');
            await new Promise<void>((resolve) => (release = resolve));
            return [
              summary({
                _id: 'w',
                status: 'writing',
                progress: { chaptersWritten: readProgress, chaptersTotal: 12 },
              }),
            ];
          });
          // Events heard while the read is under way, the read's answer arriving after `readAfter` of them.
          const heard = events.slice(0, Math.min(readAfter, events.length));
          for (const written of heard)
            library.applyProgress('u1', { bookId: 'w', chaptersWritten: written, chaptersTotal: 12 });
          release();
          const answered = (await reading)[0]!.progress!.chaptersWritten;
          const furthest = Math.max(readProgress, ...heard);
          expect(answered).toBe(furthest);
          for (const written of events.slice(heard.length))
            library.applyProgress('u1', { bookId: 'w', chaptersWritten: written, chaptersTotal: 12 });
          expect((await list('u1'))[0]!.progress!.chaptersWritten).toBe(Math.max(readProgress, ...events));
          expect(reads).toEqual(['u1']);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hands out the same list until something changes, and never changes a list it handed out', async () => {
    // GET /book keeps each list's serialised body by the list's identity.
    const { library, list, store } = model();
    store.set('u1', [summary({ _id: 'w', status: 'writing', progress: { chaptersWritten: 1, chaptersTotal: 5 } })]);
    const first = await list('u1');
    const copy = structuredClone(first);
    expect(await list('u1')).toBe(first);
    library.applyProgress('u1', { bookId: 'w', chaptersWritten: 2, chaptersTotal: 5 });
    const moved = await list('u1');
    expect(moved).not.toBe(first);
    expect(moved[0]!.progress).toEqual({ chaptersWritten: 2, chaptersTotal: 5 });
    expect(first).toEqual(copy);
  });

  it('moves a translation’s progress forward in place, as a book being written', async () => {
    const { library, list, reads, store } = model();
    store.set('u1', [summary({ _id: 't', status: 'translating', progress: { chaptersWritten: 0, chaptersTotal: 4 } })]);
    await list('u1');
    library.applyProgress('u1', { bookId: 't', chaptersWritten: 2, chaptersTotal: 4 });
    expect((await list('u1'))[0]!.progress).toEqual({ chaptersWritten: 2, chaptersTotal: 4 });
    expect(reads).toEqual(['u1']);
  });

  it('holds at most maxUsers lists, and nothing with a TTL of 0', async () => {
    const bounded = model({ maxUsers: 2 });
    for (const user of ['u1', 'u2', 'u3']) await bounded.list(user);
    expect(bounded.library.size).toBe(2);
    await bounded.list('u1');
    expect(bounded.reads).toEqual(['u1', 'u2', 'u3', 'u1']);

    const off = model({ ttlMs: 0 });
    await off.list('u1');
    await off.list('u1');
    expect(off.reads).toEqual(['u1', 'u1']);
    expect(off.library.size).toBe(0);
  });
});

describe('LibraryReadModel and the books shared with someone', () => {
  it('answers a list with a shared book but does not keep it', async () => {
    const { list, reads, store, library } = model();
    store.set('owner', [summary({ _id: 'a' })]);
    store.set('member', [summary({ _id: 'm' }), summary({ _id: 'a', role: 'viewer', ownerName: 'Ada Lovelace' })]);
    await list('owner');
    await list('owner');
    expect((await list('member')).map((book) => book.role)).toEqual(['owner', 'viewer']);
    await list('member');
    expect(reads).toEqual(['owner', 'member', 'member']);
    expect(library.size).toBe(1);
  });

  it("drops a member's list when they join, leave or change role on a book", async () => {
    const bus = createInProcessBus({ logger: silentLogger() });
    const { library, list, reads } = model();
    const tail = await library.listen(bus);
    try {
      const about = { bookId: 'b1', ownerId: 'u1', memberId: 'u2' };
      await list('u2');
      await bus.publish(events.bookMemberAdded, { ...about, role: 'viewer', invitedBy: 'u1' });
      await expect.poll(() => library.size).toBe(0);
      await list('u2');
      await bus.publish(events.bookMemberRoleChanged, {
        ...about,
        role: 'coauthor',
        previousRole: 'viewer',
        changedBy: 'u1',
      });
      await expect.poll(() => library.size).toBe(0);
      await list('u2');
      await bus.publish(events.bookMemberRemoved, { ...about, role: 'coauthor', removedBy: 'u1' });
      await expect.poll(() => library.size).toBe(0);
      expect(reads).toEqual(['u2', 'u2', 'u2']);
    } finally {
      await tail.stop();
      await bus.close();
    }
  });
});

describe('LibraryReadModel on the bus', () => {
  it('drops a user’s list when a book event about them arrives, and only theirs', async () => {
    const bus = createInProcessBus({ logger: silentLogger() });
    const { library, list, reads } = model();
    const tail = await library.listen(bus);
    try {
      await list('u1');
      await list('u2');
      await bus.publish(events.bookUpdated, { bookId: 'b1', userId: 'u1', fields: ['title'], status: 'ready' });
      await expect.poll(() => library.size).toBe(1);
      await list('u1');
      await list('u2');
      expect(reads).toEqual(['u1', 'u2', 'u1']);
    } finally {
      await tail.stop();
      await bus.close();
    }
  });
});

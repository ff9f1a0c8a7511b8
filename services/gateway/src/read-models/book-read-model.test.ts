import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookSchema, type Book } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { buildBook } from '@bookwright/contracts/testing';
import { createInProcessBus, silentLogger, type Bus, type EventHandler } from '@bookwright/kit';
import { BookReadModel } from './book-read-model';

const bookOf = (overrides: Partial<Book> = {}): Book =>
  BookSchema.parse({
    ...buildBook({ status: 'ready', ...overrides }),
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    failure: null,
    progress: null,
    translation: null,
    role: 'owner',
    etag: '"v1"',
    ...overrides,
  });

function model(options: { ttlMs?: number; maxBooks?: number } = {}) {
  let now = 1_000_000;
  const books = new BookReadModel({ ttlMs: 5_000, maxBooks: 100, maxClockSkewMs: 1_000, ...options, now: () => now });
  const reads: string[] = [];
  const store = new Map<string, Book>();
  const open = (userId: string, bookId: string, wroteAt?: number) =>
    books.get(userId, bookId, wroteAt, async () => {
      reads.push(`${userId}/${bookId}`);
      const book = store.get(`${userId}/${bookId}`);
      if (!book) throw new Error('not found');
      return book;
    });
  return { books, open, reads, store, advance: (ms: number) => (now += ms), now: () => now };
}

describe('BookReadModel', () => {
  afterEach(() => vi.useRealTimers());

  it('holds the ETag and the body serialised once, per user and book, within the TTL', async () => {
    const { open, reads, store, advance } = model();
    store.set('u1/a', bookOf({ _id: 'a', title: 'Mine', etag: '"v3"' }));
    store.set('u2/a', bookOf({ _id: 'a', title: 'Not shared', etag: '"v9"' }));
    const first = await open('u1', 'a');
    expect(first.etag).toBe('"v3"');
    expect(JSON.parse(first.body)).toEqual(store.get('u1/a'));
    expect(await open('u1', 'a')).toBe(first);
    expect((await open('u2', 'a')).etag).toBe('"v9"');
    expect(reads).toEqual(['u1/a', 'u2/a']);
    advance(5_000);
    await open('u1', 'a');
    expect(reads).toEqual(['u1/a', 'u2/a', 'u1/a']);
  });

  it('never holds a book being planned, written or translated, nor a failed read', async () => {
    const { open, reads, store } = model();
    for (const status of ['planning', 'writing', 'translating'] as const) {
      store.set(`u1/${status}`, bookOf({ _id: status, status }));
      await open('u1', status);
      await open('u1', status);
    }
    await expect(open('u1', 'missing')).rejects.toThrow('not found');
    await expect(open('u1', 'missing')).rejects.toThrow('not found');
    for (const status of ['validation', 'failed'] as const) {
      store.set(`u1/${status}`, bookOf({ _id: status, status }));
      await open('u1', status);
      await open('u1', status);
    }
    expect(reads).toEqual([
      ...['planning', 'writing', 'translating', 'missing'].flatMap((s) => [`u1/${s}`, `u1/${s}`]),
      'u1/validation',
      'u1/failed',
    ]);
  });

  it('reads a book afresh after it changed, and all of a user’s after their own write', async () => {
    const { books, open, reads, store } = model();
    store.set('u1/a', bookOf({ _id: 'a', etag: '"v1"' }));
    store.set('u1/b', bookOf({ _id: 'b', etag: '"v1"' }));
    store.set('u2/c', bookOf({ _id: 'c', etag: '"v1"' }));
    await Promise.all([open('u1', 'a'), open('u1', 'b'), open('u2', 'c')]);
    store.set('u1/a', bookOf({ _id: 'a', etag: '"v2"' }));
    books.forgetBook('u1', 'a');
    expect((await open('u1', 'a')).etag).toBe('"v2"');
    await open('u1', 'b');
    expect(reads).toEqual(['u1/a', 'u1/b', 'u2/c', 'u1/a']);
    books.forgetUser('u1');
    await Promise.all([open('u1', 'a'), open('u1', 'b'), open('u2', 'c')]);
    expect(reads).toEqual(['u1/a', 'u1/b', 'u2/c', 'u1/a', 'u1/a', 'u1/b']);
  });

  it('keeps no answer read while the book changed, and none read before the author’s last write', async () => {
    const { books, open, reads, store, advance, now } = model();
    store.set('u1/a', bookOf({ _id: 'a', etag: '"v2"' }));
    let release!: () => void;
    const slow = books.get('u1', 'a', undefined, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return bookOf({ _id: 'a', etag: '"v1"' });
    });
    books.forgetBook('u1', 'a');
    release();
    expect((await slow).etag).toBe('"v1"');
    expect((await open('u1', 'a')).etag).toBe('"v2"');

    const wroteAt = now();
    advance(500);
    await open('u1', 'a', wroteAt); // held copy predates the write
    advance(1_000);
    await open('u1', 'a', wroteAt); // read within the clock skew after it: read again
    await open('u1', 'a', wroteAt); // from memory
    expect(reads).toEqual(['u1/a', 'u1/a', 'u1/a']);
  });

  it('holds at most maxBooks books, and nothing with a TTL of 0', async () => {
    const bounded = model({ maxBooks: 2 });
    for (const id of ['a', 'b', 'c']) bounded.store.set(`u1/${id}`, bookOf({ _id: id }));
    for (const id of ['a', 'b', 'c']) await bounded.open('u1', id);
    expect(bounded.books.size).toBe(2);

    // A copy past its TTL is dropped when another comes in, not kept until the cache fills.
    bounded.advance(5_000);
    bounded.store.set('u2/d', bookOf({ _id: 'd' }));
    await bounded.open('u2', 'd');
    expect(bounded.books.size).toBe(1);

    // Nor kept while nothing else comes in: an idle process lets its last books go when their TTL ends.
    vi.useFakeTimers();
    const idle = model();
    idle.store.set('u1/a', bookOf({ _id: 'a' }));
    await idle.open('u1', 'a');
    idle.advance(4_999);
    vi.advanceTimersByTime(4_999);
    expect(idle.books.size).toBe(1);
    idle.advance(1);
    vi.advanceTimersByTime(1);
    expect(idle.books.size).toBe(0);

    const off = model({ ttlMs: 0 });
    off.store.set('u1/a', bookOf({ _id: 'a' }));
    await off.open('u1', 'a');
    await off.open('u1', 'a');
    expect(off.reads).toEqual(['u1/a', 'u1/a']);
  });
});

describe('BookReadModel and the people a book is shared with', () => {
  it("answers a member's copy but keeps only the owner's: access is asked on every request", async () => {
    const { open, reads, store, books } = model();
    store.set('owner/a', bookOf({ _id: 'a' }));
    store.set('member/a', bookOf({ _id: 'a', role: 'viewer' }));
    await open('owner', 'a');
    await open('owner', 'a');
    expect((await open('member', 'a')).role).toBe('viewer');
    await open('member', 'a');
    expect(reads).toEqual(['owner/a', 'member/a', 'member/a']);
    expect(books.size).toBe(1);
  });
});

describe('BookReadModel on the bus', () => {
  it('tails every book event, and each drops that book (and only it)', async () => {
    const handlers: EventHandler[] = [];
    const recording = { tail: async (list: EventHandler[]) => (handlers.push(...list), { stop: async () => {} }) };
    const { books, open, reads, store } = model();
    await books.listen(recording as unknown as Bus);
    // A member's copy is never held (see the test below); someone joining or leaving drops the owner's copy
    // (its `live`), a role changing drops nothing held, and neither does a file made of the book (book.exported).
    const bookEvents = Object.values(events).filter(
      (def) => def.name.startsWith('book.') && def.name !== 'book.member.role-changed' && def.name !== 'book.exported',
    );
    const tailed = handlers.map((h) => (h as unknown as { def: { name: string } }).def.name);
    expect(tailed).toEqual(expect.arrayContaining(bookEvents.map((def) => def.name)));
    store.set('u1/a', bookOf({ _id: 'a' }));
    store.set('u1/b', bookOf({ _id: 'b' }));
    await Promise.all([open('u1', 'a'), open('u1', 'b')]);
    for (const handler of handlers) {
      const { def, handle } = handler as unknown as {
        def: { name: string };
        handle: (data: unknown, meta: unknown) => Promise<void>;
      };
      if (!def.name.startsWith('book.')) continue;
      reads.length = 0;
      await handle({ userId: 'u1', ownerId: 'u1', bookId: 'a' }, {});
      await Promise.all([open('u1', 'a'), open('u1', 'b')]);
      expect(
        reads.filter((r) => r === 'u1/a'),
        def.name,
      ).toHaveLength(1);
      expect(
        reads.filter((r) => r === 'u1/b'),
        def.name,
      ).toHaveLength(0);
    }
  });

  it('drops the book on an event published on the bus, and every book of a deleted user', async () => {
    const bus = createInProcessBus({ logger: silentLogger() });
    const { books, open, reads, store } = model();
    const tail = await books.listen(bus);
    try {
      store.set('u1/a', bookOf({ _id: 'a' }));
      store.set('u1/b', bookOf({ _id: 'b' }));
      await Promise.all([open('u1', 'a'), open('u1', 'b')]);
      await bus.publish(events.bookUpdated, { bookId: 'a', userId: 'u1', fields: ['bookContent'], status: 'ready' });
      await expect.poll(() => books.size).toBe(1);
      await bus.publish(events.userDeleted, { userId: 'u1', deletedAt: new Date(0).toISOString() });
      await expect.poll(() => books.size).toBe(0);
      await Promise.all([open('u1', 'a'), open('u1', 'b')]);
      expect(reads).toEqual(['u1/a', 'u1/b', 'u1/a', 'u1/b']);
    } finally {
      await tail.stop();
      await bus.close();
    }
  });
});

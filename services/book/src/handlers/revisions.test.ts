import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppError } from '@bookwright/contracts';
import { revisionPolicy } from '@bookwright/contracts';
import { silentLogger, type OutboxRelay, createInProcessBus } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { BookDatabase } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { revisionsRepository } from '../repositories/revisions.repository';
import type { BookHandlerDeps } from './deps';
import { updateContent } from './edit-book';
import { getRevision, listRevisions, recordRevision, restoreRevision } from './revisions';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

const doc = (...paragraphs: string[]) =>
  JSON.stringify({
    type: 'doc',
    content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  });

async function setUp() {
  const database = await createTestDatabase<BookDatabase>('book', migrations);
  opened.push(database);
  const deps: BookHandlerDeps = {
    db: database.db,
    relay: { kick: () => undefined } as unknown as OutboxRelay,
    // Revisions neither call other services nor store files.
    bus: createInProcessBus({ logger: silentLogger() }),
    blobs: undefined as never,
    logger: silentLogger(),
    newId: randomUUID,
  };
  await booksRepository.insert(database.db, {
    id: 'b1',
    user_id: 'u1',
    idempotency_key: 'k1',
    status: 'ready',
    title: 'T',
    subtitle: null,
    genre: 'mystery',
    book_type: 'fiction',
    language: 'english',
    target_audience: 'Adults',
    size: 'short',
    prompt: 'p',
    book_state: JSON.stringify(null),
    book_content: doc('start'),
    cover_image: null,
    author: null,
    identifier: null,
    language_metadata: null,
    genre_metadata: null,
    publisher: null,
    description: null,
    keywords: JSON.stringify([]),
    rights: null,
    publication_date: null,
    isbn: null,
    failure: JSON.stringify(null),
  });
  const save = (text: string) => updateContent(deps)({ userId: 'u1', bookId: 'b1', bookContent: doc(text) });
  return { database, deps, save };
}

describe('revision history', () => {
  it('keeps one snapshot per save, newest first, with word counts, and none for an unchanged text', async () => {
    const { deps, save } = await setUp();
    await save('one');
    await save('one two');
    await save('one two');
    await save('one two three');
    const { revisions } = await listRevisions(deps)({ userId: 'u1', bookId: 'b1' });
    expect(revisions.map((r) => r.wordCount)).toEqual([3, 2, 1]);
    const oldest = await getRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: revisions[2]!.id });
    expect(oldest.bookContent).toBe(doc('one'));
  });

  it('restores a snapshot as a new revision, which can itself be undone', async () => {
    const { deps, save } = await setUp();
    await save('first');
    await save('second version');
    const before = (await listRevisions(deps)({ userId: 'u1', bookId: 'b1' })).revisions;
    const book = await restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: before[1]!.id });
    expect(book.bookContent).toBe(doc('first'));
    const after = (await listRevisions(deps)({ userId: 'u1', bookId: 'b1' })).revisions;
    expect(after).toHaveLength(3);
    expect(after[0]!.wordCount).toBe(1);
    const undone = await restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: before[0]!.id });
    expect(undone.bookContent).toBe(doc('second version'));
  });

  it('answers 404 for another user’s book and an unknown or foreign revision', async () => {
    const { deps, save } = await setUp();
    await save('mine');
    const [revision] = (await listRevisions(deps)({ userId: 'u1', bookId: 'b1' })).revisions;
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: AppError) => e.status,
      );
    expect(await status(listRevisions(deps)({ userId: 'u2', bookId: 'b1' }))).toBe(404);
    expect(await status(getRevision(deps)({ userId: 'u2', bookId: 'b1', revisionId: revision!.id }))).toBe(404);
    expect(await status(restoreRevision(deps)({ userId: 'u2', bookId: 'b1', revisionId: revision!.id }))).toBe(404);
    expect(await status(getRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: 'nope' }))).toBe(404);
    expect(await status(restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: 'nope' }))).toBe(404);
  });

  it('refuses to restore unless the book is ready (409), and changes nothing', async () => {
    const { database, deps, save } = await setUp();
    await save('text');
    const [revision] = (await listRevisions(deps)({ userId: 'u1', bookId: 'b1' })).revisions;
    await database.db.updateTable('books').set({ status: 'writing' }).execute();
    await expect(restoreRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId: revision!.id })).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    expect((await listRevisions(deps)({ userId: 'u1', bookId: 'b1' })).revisions).toHaveLength(1);
  });

  it('thins snapshots older than the keep-all window to the newest of each day', async () => {
    const { database, deps } = await setUp();
    const now = new Date('2026-06-30T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const old = now.getTime() - (revisionPolicy.keepAllDays + 3) * day;
    // Three saves on one old day, two on another old day, then three recent ones.
    const times = [
      old,
      old + 1_000,
      old + 2_000,
      old + day,
      old + day + 1_000,
      now.getTime() - 3_000,
      now.getTime() - 2_000,
    ];
    for (const [i, t] of times.entries()) {
      await recordRevision(database.db, deps, 'b1', doc(`v${i}`), new Date(t));
    }
    await recordRevision(database.db, deps, 'b1', doc('latest'), now);
    const rows = await revisionsRepository.list(database.db, 'b1');
    expect(rows.map((r) => r.created_at.getTime())).toEqual([
      now.getTime(),
      now.getTime() - 2_000,
      now.getTime() - 3_000,
      old + day + 1_000,
      old + 2_000,
    ]);
  });

  it('keeps no more than the cap, dropping the oldest first', async () => {
    const { database, deps } = await setUp();
    const now = new Date();
    for (const i of [1, 2, 3, 4]) await recordRevision(database.db, deps, 'b1', doc(`v${i}`), now);
    await revisionsRepository.prune(database.db, 'b1', new Date(0), 2);
    const rows = await revisionsRepository.list(database.db, 'b1');
    const contents = await Promise.all(rows.map((r) => revisionsRepository.find(database.db, 'b1', r.id)));
    expect(contents.map((r) => r!.content)).toEqual([doc('v4'), doc('v3')]);
  });

  it('deletes the history with the book (cascade)', async () => {
    const { database, save } = await setUp();
    await save('a');
    await save('b');
    await database.db.deleteFrom('books').where('id', '=', 'b1').execute();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from book_revisions`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
  });
});

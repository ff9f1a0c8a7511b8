import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AppError, errorScreens, noPlanBillingSummary } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { silentLogger, OutboxRelay, createInProcessBus, type Bus } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { BookDatabase } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { membersRepository } from '../access/members.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { bookRow } from '../testing/book-row';
import type { BookHandlerDeps } from './deps';
import { updateContent } from './update-content';
import { getRewriteContext } from './context-rewrite';
import { saveRevision } from './save-revisions';
import { getTakeoutBook } from './book-takeout';
import { getTakeoutVersion } from './version-takeout';
import { listTakeout } from './list-takeout';
import { RevisionRetention } from '../domain/revision-retention';
import { everyonePays } from '../access/payer-plans';
import { SavedChaptersMemory } from '../domain/saved-chapters';

const opened: { close(): Promise<void> }[] = [];
const buses: Bus[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const bus of buses.splice(0)) await bus.close();
});

const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function setUp(accountType: 'starter' | 'null' = 'starter') {
  const database = await createTestDatabase<BookDatabase>('book', migrations);
  opened.push(database);
  const bus = createInProcessBus({ logger: silentLogger() });
  buses.push(bus);
  await bus.serve(requests.billing.getSummary, async () => ({ ...noPlanBillingSummary, accountType }));
  const retention = new RevisionRetention({ db: database.db, logger: silentLogger(), now: () => new Date() });
  // Stopped before the database closes.
  opened.unshift({ close: () => retention.stop() });
  const deps: BookHandlerDeps = {
    db: database.db,
    relay: new OutboxRelay({ db: database.db, bus, logger: silentLogger() }),
    bus,
    blobs: undefined as never,
    logger: silentLogger(),
    newId: randomUUID,
    retention,
    savedChapters: new SavedChaptersMemory(),
    payers: everyonePays,
  };
  const insert = (id: string, status: 'ready' | 'validation', userId = 'u1') =>
    booksRepository.insert(
      database.db,
      bookRow({
        id,
        user_id: userId,
        status,
        title: `Title ${id}`,
        book_content: status === 'ready' ? doc('start') : null,
      }),
    );
  await insert('b1', 'ready');
  await insert('b2', 'validation');
  await insert('other', 'ready', 'u2');
  return { database, deps };
}

describe('the takeout reads of the book service', () => {
  it('lists every book of the user with whether it has a manuscript, and answers each whole', async () => {
    const { deps } = await setUp();
    const { books } = await listTakeout(deps)({ userId: 'u1' });
    expect(books.map((b) => [b.bookId, b.hasManuscript, b.deletedAt, b.versions])).toEqual(
      expect.arrayContaining([
        ['b1', true, null, []],
        ['b2', false, null, []],
      ]),
    );
    expect(books).toHaveLength(2);
    const whole = await getTakeoutBook(deps)({ userId: 'u1', bookId: 'b1' });
    expect(whole).toMatchObject({ book: { _id: 'b1', bookContent: doc('start') }, deletedAt: null });
    await expect(getTakeoutBook(deps)({ userId: 'u1', bookId: 'other' })).rejects.toMatchObject({ status: 404 });
    await expect(getTakeoutVersion(deps)({ userId: 'u1', bookId: 'b1', revisionId: 'nope' })).rejects.toBeInstanceOf(
      AppError,
    );
  });

  it('reports trashed books and named versions', async () => {
    const { database, deps } = await setUp();
    await updateContent(deps)({ userId: 'u1', bookId: 'b1', bookContent: doc('current') });
    // A named version of a text that is not the manuscript: the takeout must hold the version's own text.
    await saveRevision(deps)({ userId: 'u1', bookId: 'b1', name: 'As written', bookContent: doc('kept') });
    await sql`update books set deleted_at = '2026-11-20T10:00:00Z' where id = 'b2'`.execute(database.db);

    const { books } = await listTakeout(deps)({ userId: 'u1' });
    const trashed = books.find((b) => b.bookId === 'b2')!;
    expect(trashed.deletedAt).toBe('2026-11-20T10:00:00.000Z');
    const [version] = books.find((b) => b.bookId === 'b1')!.versions;
    expect(version).toMatchObject({ name: 'As written', wordCount: 1 });
    expect(await getTakeoutVersion(deps)({ userId: 'u1', bookId: 'b1', revisionId: version!.id })).toEqual({
      bookContent: doc('kept'),
    });
    expect(await getTakeoutBook(deps)({ userId: 'u1', bookId: 'b2' })).toMatchObject({
      deletedAt: '2026-11-20T10:00:00.000Z',
    });
    // Someone else's version is as absent as an unknown one.
    await expect(
      getTakeoutVersion(deps)({ userId: 'u2', bookId: 'b1', revisionId: version!.id }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("holds the other books a person may export: shares that export and their team workspace's, as shared", async () => {
    const { database, deps } = await setUp();
    const db = database.db;
    const now = new Date();
    // u2 owns a team workspace; u1 is a member of it (a co-author of its books unless a share narrows it).
    await workspacesRepository.insert(db, { id: 'w1', name: 'Press', owner_id: 'u2', seat_limit: 5, created_at: now });
    await workspacesRepository.addMember(db, { workspaceId: 'w1', userId: 'u2', role: 'owner', addedBy: 'u2', now });
    await workspacesRepository.addMember(db, { workspaceId: 'w1', userId: 'u1', role: 'member', addedBy: 'u2', now });
    const book = (id: string, workspaceId: string | null = null) =>
      booksRepository.insert(
        db,
        bookRow({ id, user_id: 'u2', status: 'ready', title: `Title ${id}`, workspace_id: workspaceId }),
      );
    await book('in-workspace', 'w1');
    await book('narrowed', 'w1');
    await book('coauthored');
    await book('viewed');
    await book('elsewhere');
    const share = (bookId: string, role: 'coauthor' | 'viewer') =>
      membersRepository.addMember(db, { bookId, userId: 'u1', role, addedBy: 'u2' });
    await share('narrowed', 'viewer');
    await share('coauthored', 'coauthor');
    await share('viewed', 'viewer');

    const { books } = await listTakeout(deps)({ userId: 'u1' });
    const shared = books.filter((b) => b.shared).map((b) => b.bookId);
    expect(shared.sort()).toEqual(['coauthored', 'in-workspace']);
    expect(
      books
        .filter((b) => !b.shared)
        .map((b) => b.bookId)
        .sort(),
    ).toEqual(['b1', 'b2']);
    expect(await getTakeoutBook(deps)({ userId: 'u1', bookId: 'in-workspace' })).toMatchObject({
      book: { _id: 'in-workspace', role: 'coauthor' },
    });
    for (const bookId of ['narrowed', 'viewed', 'elsewhere'])
      await expect(getTakeoutBook(deps)({ userId: 'u1', bookId })).rejects.toMatchObject({ status: 404 });
    // Out of the workspace, out of the takeout.
    await workspacesRepository.removeMember(db, 'w1', 'u1');
    expect((await listTakeout(deps)({ userId: 'u1' })).books.filter((b) => b.shared).map((b) => b.bookId)).toEqual([
      'coauthored',
    ]);
    await expect(getTakeoutBook(deps)({ userId: 'u1', bookId: 'in-workspace' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('the rewrite context', () => {
  it('answers the spec 402 without a plan, after the ownership check', async () => {
    const { deps } = await setUp('null');
    await expect(getRewriteContext(deps)({ userId: 'u1', bookId: 'b1' })).rejects.toMatchObject({
      status: 402,
      message: errorScreens[402].description,
    });
    await expect(getRewriteContext(deps)({ userId: 'u2', bookId: 'b1' })).rejects.toMatchObject({ status: 404 });
  });
});

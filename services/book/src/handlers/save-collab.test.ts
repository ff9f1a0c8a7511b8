import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { collabMessages, requests, type CollabSave } from '@bookwright/contracts/bus';
import { events } from '@bookwright/contracts/events';
import { type TiptapDocument, type UpdateMetadataRequest } from '@bookwright/contracts/http';
import { appErrorFrom, chapter, documentOf } from '@bookwright/contracts/testing';
import { oneBook } from '../testing/one-book';
import { bookRow } from '../testing/book-row';
import { booksRepository } from '../repositories/books.repository';
import { getBook } from './get';
import { updateContent } from './update-content';
import { updateMetadata } from './update-metadata';
import { loadCollab } from './load-collab';
import { saveCollab } from './save-collab';
import { storeCollabState } from './store-state-collab';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

const minute = 60_000;
const start = documentOf(chapter('One', 'first'), chapter('Two', 'second'), chapter('Three', 'third'));
const base64 = (...bytes: number[]) => Buffer.from(bytes).toString('base64');

/** One ready book `b1` holding `start`, with the two requests served on the world's bus (their contract checked). */
async function setUp() {
  const world = await oneBook();
  cleanUps.push(world.close);
  const { deps } = world;
  const served = await Promise.all([
    deps.bus.serve(requests.book.loadCollab, loadCollab(deps)),
    deps.bus.serve(requests.book.saveCollab, saveCollab(deps)),
    deps.bus.serve(requests.book.storeCollabState, storeCollabState(deps)),
  ]);
  cleanUps.push(async () => {
    await Promise.all(served.map((subscription) => subscription.stop()));
  });
  const get = () => getBook(deps)({ userId: 'u1', bookId: 'b1' });
  /** A save from outside the live document: the editor's PATCH /book/content/{id}. */
  const patch = (document: TiptapDocument) =>
    updateContent(deps)({ userId: 'u1', bookId: 'b1', bookContent: JSON.stringify(document) });
  await patch(start);
  const load = async (bookId = 'b1') => {
    const loaded = await deps.bus.request(requests.book.loadCollab, { bookId });
    if (loaded.document === null) throw new Error('a load that did not ask to leave it out answers the text');
    return { ...loaded, document: loaded.document };
  };
  const loadWithoutText = (bookId = 'b1') =>
    deps.bus.request(requests.book.loadCollab, { bookId, documentWithState: false });
  const save = (request: Omit<CollabSave, 'bookId' | 'editedBy'> & { bookId?: string }) =>
    deps.bus.request(requests.book.saveCollab, { bookId: 'b1', editedBy: ['u1', 'u2'], ...request });
  const storeState = (request: { manuscriptVersion: string; state: string; bookId?: string }) =>
    deps.bus.request(requests.book.storeCollabState, { bookId: 'b1', ...request });
  const chapterRows = () =>
    sql<{ position: number; hash: string; row: string }>`
      select position, hash, xmin::text as row from book_chapters where book_id = 'b1' order by position`
      .execute(deps.db)
      .then((result) => result.rows);
  const stateRow = () => deps.db.selectFrom('book_collab_states').selectAll().where('book_id', '=', 'b1').execute();
  const announced = async () =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from outbox where event_name = ${events.bookUpdated.name}`.execute(deps.db)
    ).rows[0]!.n;
  return { ...world, get, patch, load, loadWithoutText, save, storeState, chapterRows, stateRow, announced };
}

describe('book.collab.load', () => {
  it('answers the manuscript of a book that was never live, with its version and no state', async () => {
    const { load, get } = await setUp();
    const loaded = await load();
    expect(loaded).toMatchObject({ bookId: 'b1', state: null, stateVersion: null });
    expect(loaded.manuscriptVersion).toMatch(/^m[0-9a-f]{64}$/);
    expect(JSON.stringify(loaded.document)).toBe((await get()).bookContent);
    expect(loaded.document).toEqual(start);
  });

  it('leaves the text out when asked to and a state stands at the version, and only then', async () => {
    const { load, loadWithoutText, storeState, patch, deps } = await setUp();
    // No state: the text, as without asking.
    expect(await loadWithoutText()).toEqual(await load());
    const loaded = await load();
    await storeState({ manuscriptVersion: loaded.manuscriptVersion, state: base64(3, 1) });
    expect(await loadWithoutText()).toEqual({
      bookId: 'b1',
      manuscriptVersion: loaded.manuscriptVersion,
      document: null,
      state: base64(3, 1),
      stateVersion: loaded.manuscriptVersion,
      stateBuilt: true,
      stateStamp: expect.any(String),
    });
    // The chapters moved without the state: it does not stand, and the text comes.
    const moved = documentOf(chapter('One', 'moved'), chapter('Two', 'second'), chapter('Three', 'third'));
    await patch(moved);
    expect(await loadWithoutText()).toMatchObject({ document: moved, state: null, stateVersion: null });
    await sql`update books set deleted_at = now() where id = 'b1'`.execute(deps.db);
    expect(await appErrorFrom(loadWithoutText())).toMatchObject({ status: 404 });
  });

  it('says a held state stands, sending neither it nor the text, only while it is the one stored', async () => {
    const { load, save, storeState, patch, deps } = await setUp();
    const loaded = await load();
    const built = await storeState({ manuscriptVersion: loaded.manuscriptVersion, state: base64(3, 1) });
    expect(built).toEqual({ stored: true, stateStamp: expect.any(String) });
    const loadHeld = (held: { stateVersion: string; stateStamp: string }) =>
      deps.bus.request(requests.book.loadCollab, { bookId: 'b1', documentWithState: false, held });
    const held = { stateVersion: loaded.manuscriptVersion, stateStamp: built.stateStamp! };
    expect(await loadHeld(held)).toEqual({
      bookId: 'b1',
      manuscriptVersion: loaded.manuscriptVersion,
      document: null,
      state: null,
      stateVersion: loaded.manuscriptVersion,
      stateBuilt: true,
      stateStamp: built.stateStamp,
      stateHeld: true,
    });
    // A live save stores another state at the same text (another replica's session): that one is sent.
    const saved = await save({ ifMatch: loaded.manuscriptVersion, document: start, state: base64(4, 2) });
    expect(saved.stateStamp).toEqual(expect.any(String));
    expect(saved.stateStamp).not.toBe(built.stateStamp);
    expect(await loadHeld(held)).toMatchObject({ state: base64(4, 2), stateStamp: saved.stateStamp });
    expect((await loadHeld(held)).stateHeld).toBeUndefined();
    const heldNow = { stateVersion: saved.manuscriptVersion, stateStamp: saved.stateStamp! };
    expect(await loadHeld(heldNow)).toMatchObject({ stateHeld: true, state: null });
    // The chapters moved without the state (an outside write): the text comes, with no state.
    const moved = documentOf(chapter('One', 'moved'), chapter('Two', 'second'), chapter('Three', 'third'));
    await patch(moved);
    expect(await loadHeld(heldNow)).toMatchObject({ document: moved, state: null, stateVersion: null });
    await sql`update books set deleted_at = now() where id = 'b1'`.execute(deps.db);
    expect(await appErrorFrom(loadHeld(heldNow))).toMatchObject({ status: 404 });
  });

  it('answers 404 for an unknown or trashed book and 409 for a book with no manuscript yet', async () => {
    const { load, deps } = await setUp();
    expect(await appErrorFrom(load('nope'))).toMatchObject({ status: 404 });
    await booksRepository.insert(deps.db, bookRow({ id: 'b2', status: 'writing', book_content: null }));
    expect(await appErrorFrom(load('b2'))).toMatchObject({ status: 409, message: collabMessages.noManuscript });
    await sql`update books set deleted_at = now() where id = 'b1'`.execute(deps.db);
    expect(await appErrorFrom(load())).toMatchObject({ status: 404 });
  });
});

describe('book.collab.save', () => {
  it('writes only the chapter that changed, moves the version and ETag, and announces the save once', async () => {
    const { load, save, get, chapterRows, stateRow, announced } = await setUp();
    const loaded = await load();
    const before = { book: await get(), rows: await chapterRows(), announced: await announced() };
    const edited = documentOf(chapter('One', 'first'), chapter('Two', 'second, edited'), chapter('Three', 'third'));
    const saved = await save({ ifMatch: loaded.manuscriptVersion, document: edited, state: base64(1, 2, 3) });
    expect(saved.changedChapters).toEqual([1]);
    expect(saved.manuscriptVersion).not.toBe(loaded.manuscriptVersion);
    const after = { book: await get(), rows: await chapterRows() };
    expect(saved.etag).toBe(after.book.etag);
    expect(saved.etag).not.toBe(before.book.etag);
    expect(after.book.bookContent).toBe(JSON.stringify(edited));
    // The other chapters' rows were not written at all (the same row version), and kept their hashes.
    expect(after.rows.filter((row) => row.position !== 1)).toEqual(before.rows.filter((row) => row.position !== 1));
    expect(after.rows[1]!.hash).not.toBe(before.rows[1]!.hash);
    expect(await announced()).toBe(before.announced + 1);
    expect(await stateRow()).toMatchObject([{ manuscript_version: saved.manuscriptVersion }]);
    expect(await load()).toMatchObject({ manuscriptVersion: saved.manuscriptVersion, state: base64(1, 2, 3) });
  });

  it('stores only the state when the text did not change: the ETag stays and nothing is announced', async () => {
    const { load, save, get, chapterRows, announced } = await setUp();
    const loaded = await load();
    const before = { book: await get(), rows: await chapterRows(), announced: await announced() };
    const saved = await save({ ifMatch: loaded.manuscriptVersion, document: loaded.document, state: base64(9) });
    expect(saved).toEqual({
      manuscriptVersion: loaded.manuscriptVersion,
      etag: before.book.etag,
      changedChapters: [],
      stateStamp: expect.any(String),
    });
    expect(await get()).toEqual(before.book);
    expect(await chapterRows()).toEqual(before.rows);
    expect(await announced()).toBe(before.announced);
    expect(await load()).toMatchObject({ state: base64(9), stateVersion: loaded.manuscriptVersion });
  });

  it('refuses a save whose manuscript moved since ifMatch with 412, and stores nothing', async () => {
    const { load, save, get, patch, stateRow } = await setUp();
    const loaded = await load();
    const outside = documentOf(chapter('One', 'rewritten by the writer'), chapter('Two', 'second'));
    await patch(outside);
    const current = await load();
    const live = documentOf(chapter('One', 'first'), chapter('Two', 'typed live'), chapter('Three', 'third'));
    const error = await appErrorFrom(save({ ifMatch: loaded.manuscriptVersion, document: live, state: base64(7) }));
    expect(error).toMatchObject({
      status: 412,
      message: collabMessages.stale,
      code: 'stale_manuscript',
      extra: { manuscriptVersion: current.manuscriptVersion },
    });
    expect((await get()).bookContent).toBe(JSON.stringify(outside));
    expect(await stateRow()).toEqual([]);
  });

  it('is not refused for a change of the metadata, the cover or the status since it loaded', async () => {
    const { load, save, get, deps } = await setUp();
    const loaded = await load();
    const metadata: UpdateMetadataRequest = {
      title: 'Letters from the Lamp',
      subtitle: null,
      author: 'A. Author',
      identifier: 'id-1',
      languageMetadata: 'en',
      genreMetadata: null,
      publisher: null,
      description: null,
      keywords: ['lighthouse'],
      rights: null,
      publicationDate: null,
      isbn: null,
    };
    const etagBefore = (await get()).etag;
    await updateMetadata(deps)({ userId: 'u1', bookId: 'b1', metadata });
    await sql`update books set cover_image = 'https://example.com/c.png', version = version + 1 where id = 'b1'`.execute(
      deps.db,
    );
    const edited = documentOf(chapter('One', 'first, live'), chapter('Two', 'second'), chapter('Three', 'third'));
    const saved = await save({ ifMatch: loaded.manuscriptVersion, document: edited, state: base64(1) });
    expect(saved.changedChapters).toEqual([0]);
    const book = await get();
    expect(book.bookContent).toBe(JSON.stringify(edited));
    expect(book.title).toBe('Letters from the Lamp');
    expect(saved.etag).toBe(book.etag);
    expect(saved.etag).not.toBe(etagBefore);
  });

  it('stores a retried save whose answer was lost (ifMatch stale, the book holds the document already)', async () => {
    const { load, save } = await setUp();
    const loaded = await load();
    const edited = documentOf(chapter('One', 'once'), chapter('Two', 'second'), chapter('Three', 'third'));
    const first = await save({ ifMatch: loaded.manuscriptVersion, document: edited, state: base64(1) });
    const again = await save({ ifMatch: loaded.manuscriptVersion, document: edited, state: base64(2) });
    expect(again).toEqual({ ...first, changedChapters: [], stateStamp: expect.any(String) });
    expect(again.stateStamp).not.toBe(first.stateStamp);
    expect(await load()).toMatchObject({ state: base64(2), stateVersion: first.manuscriptVersion });
  });

  it('keeps the revision policy: one automatic snapshot per ten minutes of saves', async () => {
    const { load, save, list, advance } = await setUp();
    let version = (await load()).manuscriptVersion;
    const revisionsBefore = (await list()).length;
    for (const text of ['a', 'b', 'c']) {
      advance(minute);
      const document = documentOf(chapter('One', text), chapter('Two', 'second'), chapter('Three', 'third'));
      version = (await save({ ifMatch: version, document, state: base64(0) })).manuscriptVersion;
    }
    expect((await list()).length).toBe(revisionsBefore);
    advance(10 * minute);
    const document = documentOf(chapter('One', 'd'), chapter('Two', 'second'), chapter('Three', 'third'));
    await save({ ifMatch: version, document, state: base64(0) });
    expect((await list()).length).toBe(revisionsBefore + 1);
  });

  it('answers 400 for a document the book cannot hold, 404 in the trash, 409 unless ready; nothing stored', async () => {
    const { load, save, get, deps, stateRow } = await setUp();
    const loaded = await load();
    const before = (await get()).bookContent;
    const invalid = { type: 'doc', content: [{ type: 'codeBlock', content: [{ type: 'text', text: 'x' }] }] };
    const request = { ifMatch: loaded.manuscriptVersion, state: base64(1) };
    expect(await appErrorFrom(save({ ...request, document: invalid as TiptapDocument }))).toMatchObject({
      status: 400,
    });
    expect(await appErrorFrom(save({ ...request, document: { type: 'doc' } as TiptapDocument }))).toMatchObject({
      status: 400,
    });
    expect(await appErrorFrom(save({ ...request, ifMatch: '"v3"', document: start }))).toMatchObject({ status: 400 });
    for (const state of ['not base64!', 'abc', 'ab=c']) {
      expect(await appErrorFrom(save({ ...request, state, document: start }))).toMatchObject({ status: 400 });
    }
    await sql`update books set status = 'translating' where id = 'b1'`.execute(deps.db);
    expect(await appErrorFrom(save({ ...request, document: start }))).toMatchObject({ status: 409 });
    await sql`update books set status = 'ready', deleted_at = now() where id = 'b1'`.execute(deps.db);
    expect(await appErrorFrom(save({ ...request, document: start }))).toMatchObject({ status: 404 });
    await sql`update books set deleted_at = null where id = 'b1'`.execute(deps.db);
    expect((await get()).bookContent).toBe(before);
    expect(await stateRow()).toEqual([]);
  });
});

describe('the stored state', () => {
  it('comes back byte for byte at the version it was saved with', async () => {
    const { load, save } = await setUp();
    const { manuscriptVersion, document } = await load();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), async (bytes) => {
        const state = Buffer.from(bytes).toString('base64');
        await save({ ifMatch: manuscriptVersion, document, state });
        expect(await load()).toMatchObject({ state, stateVersion: manuscriptVersion });
      }),
      { numRuns: 15 },
    );
  });

  it('travels past NATS’s max_payload (1 MB) both ways, as a long book’s state does', async () => {
    const { load, save } = await setUp();
    const { manuscriptVersion, document } = await load();
    const bytes = Buffer.alloc(1_500_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const state = bytes.toString('base64');
    await save({ ifMatch: manuscriptVersion, document, state });
    expect((await load()).state).toBe(state);
  });

  it('is left out once the chapters moved without it, and stands again when they come back to its text', async () => {
    const { load, save, patch } = await setUp();
    const loaded = await load();
    const live = documentOf(chapter('One', 'live'), chapter('Two', 'second'), chapter('Three', 'third'));
    const saved = await save({ ifMatch: loaded.manuscriptVersion, document: live, state: base64(5, 6) });
    // A restore, the writer or an API client writes the chapters: the state no longer stands for them.
    await patch(documentOf(chapter('One', 'from outside')));
    const moved = await load();
    expect(moved).toMatchObject({ state: null, stateVersion: null });
    expect(moved.manuscriptVersion).not.toBe(saved.manuscriptVersion);
    // Undone by another outside save: the text is the state's again, and so is the version.
    await patch(live);
    expect(await load()).toMatchObject({
      manuscriptVersion: saved.manuscriptVersion,
      state: base64(5, 6),
      stateVersion: saved.manuscriptVersion,
    });
  });

  it('goes with the book when it is deleted for good', async () => {
    const { load, save, deps, stateRow } = await setUp();
    const loaded = await load();
    await save({ ifMatch: loaded.manuscriptVersion, document: loaded.document, state: base64(1) });
    expect(await stateRow()).toHaveLength(1);
    await deps.db.deleteFrom('books').where('id', '=', 'b1').execute();
    expect(await stateRow()).toEqual([]);
  });
});

describe('book.collab.store-state', () => {
  it('keeps the state a document was built with: the next load answers it; no chapter, ETag, revision or event moves', async () => {
    const { load, storeState, get, chapterRows, announced, list, advance } = await setUp();
    const loaded = await load();
    // Past the revision policy's throttle: a save now would keep a snapshot; a stored state must not.
    advance(60 * minute);
    const before = {
      book: await get(),
      rows: await chapterRows(),
      announced: await announced(),
      revisions: await list(),
    };
    const stored = await storeState({ manuscriptVersion: loaded.manuscriptVersion, state: base64(4, 2) });
    expect(stored).toEqual({ stored: true, stateStamp: expect.any(String) });
    expect(await load()).toEqual({
      ...loaded,
      state: base64(4, 2),
      stateVersion: loaded.manuscriptVersion,
      stateBuilt: true,
      stateStamp: stored.stateStamp,
    });
    expect(await get()).toEqual(before.book);
    expect(await chapterRows()).toEqual(before.rows);
    expect(await announced()).toBe(before.announced);
    expect(await list()).toEqual(before.revisions);
  });

  it('drops a state built at a version the text has left, and never replaces a state of the same version', async () => {
    const { load, save, storeState, patch } = await setUp();
    const loaded = await load();
    await patch(documentOf(chapter('One', 'moved on'), chapter('Two', 'second'), chapter('Three', 'third')));
    expect(await storeState({ manuscriptVersion: loaded.manuscriptVersion, state: base64(1) })).toEqual({
      stored: false,
    });
    expect(await load()).toMatchObject({ state: null, stateVersion: null });

    // A live save's state of this version (which may hold more history of the same text) stays.
    const current = await load();
    await save({ ifMatch: current.manuscriptVersion, document: current.document, state: base64(7, 7) });
    expect(await storeState({ manuscriptVersion: current.manuscriptVersion, state: base64(1) })).toEqual({
      stored: false,
    });
    expect(await load()).toMatchObject({
      state: base64(7, 7),
      stateVersion: current.manuscriptVersion,
      stateBuilt: false,
    });
  });

  it('keeps nothing for an unknown or trashed book, and is not an error for it', async () => {
    const { load, storeState, deps, stateRow } = await setUp();
    const { manuscriptVersion } = await load();
    expect(await storeState({ bookId: 'nope', manuscriptVersion, state: base64(1) })).toEqual({ stored: false });
    await sql`update books set deleted_at = now() where id = 'b1'`.execute(deps.db);
    expect(await storeState({ manuscriptVersion, state: base64(1) })).toEqual({ stored: false });
    expect(await stateRow()).toEqual([]);
  });
});

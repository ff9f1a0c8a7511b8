import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  FictionBookStateSchema,
  type BookSearchAnswer,
  trashMessages,
  trashRetentionMs,
  type Book,
  type BookSummary,
  type PlanRequest,
  type TrashedBook,
} from '@bookwright/contracts/http';
import { composePlan } from '@bookwright/planner/offline';
import { startScriptedOpenAiServer, testImage, type ScriptedOpenAiServer } from '@bookwright/ai/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { keeperOfLetters, readyBook, waitForStatus } from '../support/books';
import { SystemProbe } from '../support/system-probe';
import { openEventStream } from '../support/event-stream';

/** Polls `read` until `done` holds for what it answers (the test's own timeout bounds the wait). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const withoutUpdatedAt = <T extends { updatedAt: string }>({ updatedAt: _ignored, ...rest }: T) => rest;

// The trash over HTTP: a book moved there leaves the library at once, waits 30 days with its purge date,
// comes back whole, or is deleted for good with everything every service held of it (rows and blobs).
// The services' clock is the test's, so the 30 days pass without waiting.
describe('the trash', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  let probe: SystemProbe;
  let clockOffsetMs = 0;
  beforeAll(async () => {
    system = await startTestSystem({ BOOK_TRASH_SWEEP_MS: '200' }, { now: () => new Date(Date.now() + clockOffsetMs) });
    probe = await SystemProbe.open(system);
  });
  afterAll(async () => {
    await probe?.close();
    await system?.stop();
  });

  const library = async (client: HttpClient) => (await client.get<BookSummary[]>('/api/v1/book')).body;
  const trash = async (client: HttpClient) => (await client.get<TrashedBook[]>('/api/v1/book/trash')).body;

  async function withCover(client: HttpClient, book: Book): Promise<Book> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await testImage(800, 1200, 'png'))]), 'cover.png');
    const uploaded = await client.request<{ imageUrl: string }>('POST', `/api/v1/book/upload-cover/${book._id}`, {
      multipart: form,
    });
    expect(uploaded.status).toBe(200);
    expect((await client.patch(`/api/v1/book/${book._id}`, { coverImage: uploaded.body.imageUrl })).status).toBe(200);
    return (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
  }

  /** What the services hold of one book: rows by table, blobs by folder. */
  async function holdings(bookId: string) {
    const rows = {
      books: await probe.count('book', 'books', 'id', [bookId]),
      revisions: await probe.count('book', 'book_revisions', 'book_id', [bookId]),
      jobs: await probe.count('writer', 'writing_jobs', 'book_id', [bookId]),
      generations: await probe.count('cover', 'cover_generations', 'book_id', [bookId]),
    };
    const blobs: string[] = [];
    for (const folder of ['covers', 'exports', 'manuscripts', 'translation-sources'])
      blobs.push(...(await probe.blobs.list(`${folder}/${bookId}`)));
    return { rows, blobs };
  }
  const nothing = { rows: { books: 0, revisions: 0, jobs: 0, generations: 0 }, blobs: [] };

  it('moves a book to the trash, lists it with its purge date, and restores it whole', async () => {
    const { client, book: written } = await readyBook(system);
    // A name the author adds, for the book search (issue 47), which looks only in the library.
    const withName = JSON.parse(written.bookContent!) as { content: unknown[] };
    withName.content.push({ type: 'paragraph', content: [{ type: 'text', text: 'Then Zoë opened the gate.' }] });
    await client.patch(`/api/v1/book/content/${written._id}`, { bookContent: JSON.stringify(withName) });
    const book = await withCover(client, written);
    // The book and the words its passage marks.
    const found = async () =>
      (await client.get<BookSearchAnswer>('/api/v1/book/search?q=zoe')).body.results.map(({ bookId, matches }) => [
        bookId,
        matches.map(({ passage, start, end }) => `${passage.slice(start, end)}${passage.slice(end)}`),
      ]);
    expect(await found()).toEqual([[book._id, ['Zoë opened the gate.']]]);
    // The library is read (and held by the gateway) before the move: the move must drop that copy.
    expect((await library(client)).map((b) => b._id)).toEqual([book._id]);
    // Another tab of the author's hears of the move and the restore on its live stream.
    const stream = await openEventStream(system.url, client);

    const moved = await client.request('DELETE', `/api/v1/book/${book._id}`);
    expect(moved).toMatchObject({ status: 200, body: { msg: trashMessages.trashed } });
    expect(await library(client)).toEqual([]);
    expect(await found()).toEqual([]);
    // A book in the trash is not there to read or edit.
    expect(await client.get(`/api/v1/book/${book._id}`)).toMatchObject({
      status: 404,
      body: { msg: apiMessages.notFound },
    });
    expect((await client.patch(`/api/v1/book/content/${book._id}`, { bookContent: book.bookContent })).status).toBe(
      404,
    );

    const [trashed] = await trash(client);
    expect(trashed).toMatchObject({ _id: book._id, title: book.title, status: 'ready', coverImage: book.coverImage });
    expect(Date.parse(trashed!.purgeAt) - Date.parse(trashed!.deletedAt)).toBe(trashRetentionMs);
    // The trash view shows the cover, so its owner still gets the image (a trashed book's cover answered 404:
    // a broken thumbnail wherever the browser had not kept it from the library, issue 47).
    expect((await client.binary('GET', trashed!.coverImage!)).status).toBe(200);
    expect(trashed!.purgeAt).toBe(new Date(Date.parse(trashed!.deletedAt) + 30 * 24 * 3_600_000).toISOString());

    const again = await client.request('DELETE', `/api/v1/book/${book._id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ msg: trashMessages.alreadyInTrash });

    const restored = await client.post(`/api/v1/book/${book._id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { msg: trashMessages.restored } });
    expect(await trash(client)).toEqual([]);
    expect((await library(client)).map((b) => b._id)).toEqual([book._id]);
    expect(await found()).toEqual([[book._id, ['Zoë opened the gate.']]]);
    const moves = await stream.waitFor((events) => events.some((e) => e.event === 'book.restored'));
    stream.close();
    expect(
      moves.filter((e) => e.event === 'book.trashed' || e.event === 'book.restored').map((e) => [e.event, e.data]),
    ).toEqual([
      ['book.trashed', { bookId: book._id, movedTo: 'trash' }],
      ['book.restored', { bookId: book._id, movedTo: 'library' }],
    ]);
    const back = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    expect(withoutUpdatedAt(back)).toEqual(withoutUpdatedAt(book));
    expect((await client.get<unknown[]>(`/api/v1/book/${book._id}/revisions`)).body.length).toBeGreaterThan(0);
    const cover = await client.binary('GET', book.coverImage!);
    expect(cover.status).toBe(200);
    // Trashed again after the undo: the same address, still the owner's to see, and back again.
    expect((await client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    expect((await trash(client)).map((b) => b.coverImage)).toEqual([book.coverImage]);
    const coverAgain = await client.binary('GET', book.coverImage!);
    expect(coverAgain.status).toBe(200);
    expect(coverAgain.headers.get('etag')).toBe(cover.headers.get('etag'));
    expect((await client.post(`/api/v1/book/${book._id}/restore`)).status).toBe(200);

    const notInTrash = await client.post(`/api/v1/book/${book._id}/restore`);
    expect(notInTrash).toMatchObject({ status: 409, body: { msg: trashMessages.notInTrash } });
    const notTrashed = await client.request('DELETE', `/api/v1/book/${book._id}/permanent`);
    expect(notTrashed).toMatchObject({ status: 409, body: { msg: trashMessages.deleteNotInTrash } });
    expect((await client.get(`/api/v1/book/${book._id}`)).status).toBe(200);
  }, 180_000);

  it("answers 404 for another user's book on every trash route and leaves it as it was", async () => {
    const { client: owner, book: written } = await readyBook(system);
    const book = await withCover(owner, written);
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    const notFound = { status: 404, body: { msg: apiMessages.notFound } };
    expect(await stranger.request('DELETE', `/api/v1/book/${book._id}`)).toMatchObject(notFound);
    expect(await stranger.post(`/api/v1/book/${book._id}/restore`)).toMatchObject(notFound);
    expect(await stranger.request('DELETE', `/api/v1/book/${book._id}/permanent`)).toMatchObject(notFound);
    expect((await owner.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    expect(await stranger.post(`/api/v1/book/${book._id}/restore`)).toMatchObject(notFound);
    expect(await stranger.request('DELETE', `/api/v1/book/${book._id}/permanent`)).toMatchObject(notFound);
    // The cover of a trashed book is its owner's alone, as in the library.
    expect((await stranger.binary('GET', book.coverImage!)).status).toBe(404);
    expect((await owner.binary('GET', book.coverImage!)).status).toBe(200);
    expect(await trash(stranger)).toEqual([]);
    expect((await trash(owner)).map((b) => b._id)).toEqual([book._id]);
    // Unknown ids are the same 404; no session is a 401.
    expect(await owner.request('DELETE', '/api/v1/book/no-such-book')).toMatchObject(notFound);
    expect((await system.client().get('/api/v1/book/trash')).status).toBe(401);
  }, 180_000);

  it('deletes a book forever from the trash, leaving no row and no blob of it in any service', async () => {
    const { client, book: written } = await readyBook(system);
    await client.patch(`/api/v1/book/content/${written._id}`, { bookContent: written.bookContent });
    const book = await withCover(client, written);
    // What a download cut short leaves in the export service's folder.
    await probe.blobs.put(`exports/${book._id}/left/over.epub`, Buffer.from('epub'), {
      contentType: 'application/epub+zip',
    });
    const before = await holdings(book._id);
    expect(before.rows.books).toBe(1);
    expect(before.rows.revisions).toBeGreaterThan(0);
    expect(before.rows.jobs).toBe(1);
    expect(before.blobs.filter((key) => key.startsWith('covers/')).length).toBeGreaterThan(0);
    expect(before.blobs.some((key) => key.startsWith('manuscripts/'))).toBe(true);

    expect((await client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    const deleted = await client.request('DELETE', `/api/v1/book/${book._id}/permanent`);
    expect(deleted).toMatchObject({ status: 200, body: { msg: trashMessages.deletedForever } });
    expect(await trash(client)).toEqual([]);
    expect(await library(client)).toEqual([]);
    expect((await client.post(`/api/v1/book/${book._id}/restore`)).status).toBe(404);
    // Every service works through book.deleted; poll until each is done.
    expect(
      await until(
        () => holdings(book._id),
        (h) => JSON.stringify(h) === JSON.stringify(nothing),
      ),
    ).toEqual(nothing);
    expect((await client.binary('GET', book.coverImage!)).status).toBe(404);
  }, 180_000);

  it('purges a book 30 days after it was trashed, and not a day before', async () => {
    const { client, book: first } = await readyBook(system);
    const book = await withCover(client, first);
    const created = await client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    const younger = await waitForStatus(client, created.body._id, 'validation');
    expect((await client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    // The second one goes to the trash a day later.
    clockOffsetMs = 24 * 3_600_000;
    expect((await client.request('DELETE', `/api/v1/book/${younger._id}`)).status).toBe(200);
    const purgeAt = new Map((await trash(client)).map((b) => [b._id, b.purgeAt]));

    // The first one's purge date comes: the next sweep deletes it, with everything the services held of
    // it, and leaves the one trashed a day later, which has a day to go.
    clockOffsetMs = Date.parse(purgeAt.get(book._id)!) - Date.now();
    await until(
      () => trash(client),
      (books) => !books.some((b) => b._id === book._id),
    );
    expect(
      await until(
        () => holdings(book._id),
        (h) => JSON.stringify(h) === JSON.stringify(nothing),
      ),
    ).toEqual(nothing);
    expect((await trash(client)).map((b) => b._id)).toEqual([younger._id]);

    clockOffsetMs = Date.parse(purgeAt.get(younger._id)!) - Date.now();
    await until(
      () => trash(client),
      (books) => books.length === 0,
    );
    expect((await holdings(younger._id)).rows.books).toBe(0);
    clockOffsetMs = 0;
  }, 180_000);
});

// A book being written when it goes to the trash: its chapter call is abandoned and the writing slot is
// free for the author's next book, and the book it cost is not given back. The model is a local
// OpenAI-compatible server whose answers for the first book never come; the writer writes one chapter
// at a time, so the second book can only be written once the first one's slot is free.
describe('trashing a book while it is being written', () => {
  let llm: ScriptedOpenAiServer;
  let system: TestSystem;
  let stalled = true;
  const stopped: PlanRequest = { ...keeperOfLetters, title: 'The Stopped Book' };
  const next: PlanRequest = { ...keeperOfLetters, title: 'The Next Book' };
  const text = 'The keeper climbed the stairs and read the letter again by the light of the lamp. '.repeat(60);

  beforeAll(async () => {
    const offline = { value: FictionBookStateSchema.parse(composePlan('fiction', keeperOfLetters)) };
    // Two chapters are enough to show the slot.
    const [act] = offline.value.plotOutline.acts;
    const plan = FictionBookStateSchema.parse({
      ...offline.value,
      plotOutline: { ...offline.value.plotOutline, acts: [{ ...act!, chapters: act!.chapters.slice(0, 2) }] },
    });
    llm = await startScriptedOpenAiServer({
      respond: (request) => {
        const schema = request.body.response_format?.json_schema?.name;
        if (schema === 'fiction_book_plan') return { json: plan };
        if (schema === 'chapter_facts') return { json: { summary: 'The keeper reads a letter.', facts: [] } };
        const prompt = (request.body.messages ?? []).map((m) => m.content).join('\n');
        if (stalled && prompt.includes(stopped.title)) return { hang: true };
        return { content: text };
      },
    });
    system = await startTestSystem({
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_API_KEY: 'test-key',
      LLM_MAX_RETRIES: '0',
      WRITER_CONCURRENCY: '1',
    });
  });
  afterAll(async () => {
    await system?.stop();
    await llm?.close();
  });

  const booksLeft = async (client: HttpClient) =>
    (await client.get<{ booksLeftThisMonth: number }>('/api/v1/user/current-user')).body.booksLeftThisMonth;
  const chapterCallsFor = (title: string) =>
    llm
      .chatRequests()
      .filter((r) => !r.body.response_format && (r.body.messages ?? []).some((m) => m.content.includes(title))).length;

  async function planned(client: HttpClient, request: PlanRequest): Promise<Book> {
    const created = await client.post<Book>('/api/v1/agent/plan', request);
    expect(created.status).toBe(201);
    await waitForStatus(client, created.body._id, 'validation');
    return created.body;
  }

  it('stops its writing, frees the slot for the next book, keeps the allowance spent, and resumes on restore', async () => {
    const client = system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    const left = await booksLeft(client);

    const first = await planned(client, stopped);
    const second = await planned(client, next);
    expect(await booksLeft(client)).toBe(left - 2);
    await client.patch(`/api/v1/agent/write/${first._id}`);
    await until(
      async () => chapterCallsFor(stopped.title),
      (n) => n > 0,
    );
    // The first book holds the only slot, waiting for an answer that does not come.
    await client.patch(`/api/v1/agent/write/${second._id}`);
    expect((await client.get<Book>(`/api/v1/book/${second._id}`)).body.status).toBe('writing');

    expect((await client.request('DELETE', `/api/v1/book/${first._id}`)).status).toBe(200);
    await waitForStatus(client, second._id, 'ready');
    expect(chapterCallsFor(stopped.title)).toBe(1);
    const [trashed] = (await client.get<TrashedBook[]>('/api/v1/book/trash')).body;
    expect(trashed).toMatchObject({ _id: first._id, status: 'writing' });
    // Spent on work that was done or started: the trash gives nothing back.
    expect(await booksLeft(client)).toBe(left - 2);

    // Restored, the book is written from where it stopped, under the allowance it already took.
    stalled = false;
    expect((await client.post(`/api/v1/book/${first._id}/restore`)).status).toBe(200);
    const done = await waitForStatus(client, first._id, 'ready');
    expect(done.bookContent).toContain('The keeper climbed the stairs');
    expect(await booksLeft(client)).toBe(left - 2);
  }, 180_000);
});

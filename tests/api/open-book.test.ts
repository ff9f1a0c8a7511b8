import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, RevisionSummary } from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook, oneParagraph } from '../support/books';

/**
 * GET /book/{id} from the gateway's book read model (issue 22): ETag, If-None-Match → 304, and every kind
 * of change to the book showing on the next open with a new ETag. Runs on PGlite and the in-process bus,
 * and on PostgreSQL and NATS when DATABASE_URL and NATS_URL are set.
 */
let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const open = (client: HttpClient, bookId: string, ifNoneMatch?: string) =>
  client.get<Book>(
    `/api/v1/book/${bookId}`,
    ifNoneMatch === undefined ? {} : { headers: { 'if-none-match': ifNoneMatch } },
  );

/** Opens the book twice (the second from memory when held) and checks both agree with the header. */
async function openTwice(client: HttpClient, bookId: string): Promise<Book> {
  const first = await open(client, bookId);
  const second = await open(client, bookId);
  expect(first.status).toBe(200);
  expect(second.body).toEqual(first.body);
  expect(first.headers.get('etag')).toBe(first.body.etag);
  expect(second.headers.get('etag')).toBe(first.body.etag);
  return first.body;
}

/** After a change: the next open shows it with a new ETag, and the old ETag no longer gets 304. */
async function expectChanged(client: HttpClient, before: Book, check: (book: Book) => void): Promise<Book> {
  const after = await openTwice(client, before._id);
  expect(after.etag).not.toBe(before.etag);
  check(after);
  expect((await open(client, before._id, before.etag)).status).toBe(200);
  expect((await open(client, before._id, after.etag)).status).toBe(304);
  return after;
}

describe('GET /book/{id}: ETag and If-None-Match', () => {
  it('answers 304 with no body while the client holds the current ETag, and the whole book otherwise', async () => {
    const { client, book } = await readyBook(system);
    const read = await open(client, book._id);
    const etag = read.headers.get('etag')!;
    expect(read.headers.get('cache-control')).toBe('private, no-cache');

    for (const header of [etag, `W/${etag}`, `"v0", ${etag}`, '*']) {
      const notModified = await client.binary('GET', `/api/v1/book/${book._id}`, {
        headers: { 'if-none-match': header },
      });
      expect(notModified.status, header).toBe(304);
      expect(notModified.bytes.length, header).toBe(0);
      expect(notModified.headers.get('etag'), header).toBe(etag);
    }
    for (const header of ['"v0"', 'v1', 'junk', '']) {
      const whole = await open(client, book._id, header);
      expect(whole.status, header).toBe(200);
      expect(whole.body, header).toEqual(read.body);
    }
  });

  it('never answers another user, from memory or with 304', async () => {
    const { client, book } = await readyBook(system);
    const { etag } = await openTwice(client, book._id);
    const { client: stranger } = await readyBook(system);
    expect((await open(stranger, book._id)).status).toBe(404);
    expect((await open(stranger, book._id, etag)).status).toBe(404);
    expect((await system.client().get(`/api/v1/book/${book._id}`, { headers: { 'if-none-match': etag } })).status).toBe(
      401,
    );
  });

  it('shows every kind of change on the next open, with a new ETag', async () => {
    const { client, book } = await readyBook(system);
    let held = await openTwice(client, book._id);

    // A manuscript save, and one under If-Match.
    expect(
      (await client.patch(`/api/v1/book/content/${book._id}`, { bookContent: oneParagraph('first') })).status,
    ).toBe(200);
    held = await expectChanged(client, held, (b) => expect(b.bookContent).toBe(oneParagraph('first')));
    const conditional = await client.patch(
      `/api/v1/book/content/${book._id}`,
      { bookContent: oneParagraph('second') },
      { headers: { 'if-match': held.etag } },
    );
    expect(conditional.status).toBe(200);
    held = await expectChanged(client, held, (b) => expect(b.bookContent).toBe(oneParagraph('second')));

    // Metadata.
    const metadata = { title: 'Renamed', author: 'A. Author', identifier: 'urn:uuid:1', languageMetadata: 'en' };
    expect((await client.patch(`/api/v1/book/metadata/${book._id}`, metadata)).status).toBe(200);
    held = await expectChanged(client, held, (b) => expect(b.title).toBe('Renamed'));

    // A cover applied.
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await testImage(800, 1200, 'png'))]), 'cover.png');
    const uploaded = await client.request<{ imageUrl: string }>('POST', `/api/v1/book/upload-cover/${book._id}`, {
      multipart: form,
    });
    expect(uploaded.status).toBe(200);
    expect((await client.patch(`/api/v1/book/${book._id}`, { coverImage: uploaded.body.imageUrl })).status).toBe(200);
    held = await expectChanged(client, held, (b) => expect(b.coverImage).toBe(uploaded.body.imageUrl));

    // A revision restored (the text as written).
    const revisions = (await client.get<RevisionSummary[]>(`/api/v1/book/${book._id}/revisions`)).body;
    const asWritten = revisions.at(-1)!;
    expect((await client.post(`/api/v1/book/${book._id}/revisions/${asWritten.id}/restore`)).status).toBe(200);
    held = await expectChanged(client, held, (b) => expect(b.bookContent).toBe(book.bookContent));

    // Trashed: gone, with or without the ETag; restored: back as it was (the trash does not change the book).
    expect((await client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    expect((await open(client, book._id)).status).toBe(404);
    expect((await open(client, book._id, held.etag)).status).toBe(404);
    expect((await client.post(`/api/v1/book/${book._id}/restore`)).status).toBe(200);
    const back = await openTwice(client, book._id);
    expect(back).toMatchObject({ status: 'ready', bookContent: held.bookContent, coverImage: held.coverImage });
    held = back;

    // Deleted for good.
    expect((await client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    expect((await client.request('DELETE', `/api/v1/book/${book._id}/permanent`)).status).toBe(200);
    expect((await open(client, book._id, held.etag)).status).toBe(404);
  });

  it('shows the progress of a book being written on every open, then the ready book', async () => {
    const { client, book } = await readyBook(system);
    const translated = await client.post<{ data: { bookId: string } }>(`/api/v1/book/${book._id}/translate`, {
      language: 'polish',
    });
    expect(translated.status).toBe(202);
    const bookId = translated.body.data.bookId;
    // Each open while it translates is read afresh, so progress only moves forward and the end shows.
    let written = -1;
    for (;;) {
      const { body } = await open(client, bookId);
      if (body.status === 'failed') throw new Error(JSON.stringify(body.failure));
      const now = body.progress?.chaptersWritten ?? 0;
      expect(now).toBeGreaterThanOrEqual(written);
      written = now;
      if (body.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ready = await openTwice(client, bookId);
    expect(ready.bookContent).toBeTruthy();
    expect((await open(client, bookId, ready.etag)).status).toBe(304);
  });
});

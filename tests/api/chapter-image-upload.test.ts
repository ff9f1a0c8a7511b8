import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookImageBlobKey,
  imageMessages,
  apiMessages,
  refusalMessage,
  type Book,
  type ManuscriptImportResponse,
  type StoredBookImage,
} from '@bookwright/contracts/http';
import { elevenMegabytePng, photo } from '@bookwright/kit/images/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { SystemProbe } from '../support/system-probe';

/**
 * An image inserted from the editor (issue 46): POST /book/{id}/images stores it under the book, through the
 * same gate and encoding as an imported one, for whoever may edit the text; the answer's src is what the
 * image node names, and a save of the manuscript holding it is accepted. Bad files are 400s, never 500s.
 */
let system: TestSystem;
reportSystemFailures(() => system);
let probe: SystemProbe;
beforeAll(async () => {
  system = await startTestSystem();
  probe = await SystemProbe.open(system);
});
afterAll(async () => {
  await probe?.close();
  await system?.stop();
});

async function author(): Promise<{ client: HttpClient; email: string }> {
  const client = system.client();
  const account = newAccount();
  await client.post('/api/v1/auth/sign-up', account);
  await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
  return { client, email: account.email };
}

/** A book of one chapter, imported from Markdown (no AI, ready at once). */
async function importedBook(client: HttpClient): Promise<Book> {
  const form = new FormData();
  form.append('file', new Blob(['# Chapter 1\n\nThe valley lay quiet under the snow.\n']), 'valley.md');
  const answer = await client.request<ManuscriptImportResponse>('POST', '/api/v1/book/import', { multipart: form });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.book;
}

function upload(client: HttpClient, bookId: string, bytes: Buffer, name = 'picture.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return client.request<StoredBookImage>('POST', `/api/v1/book/${bookId}/images`, { multipart: form });
}

async function member(owner: HttpClient, bookId: string, role: 'viewer' | 'coauthor'): Promise<HttpClient> {
  const client = system.client();
  const account = newAccount();
  await client.post('/api/v1/auth/sign-up', account);
  expect((await owner.post(`/api/v1/book/${bookId}/members`, { email: account.email, role })).status).toBe(201);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec((await system.lastMailTo(account.email)).text)![1]!;
  expect((await client.post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
  return client;
}

describe('an image uploaded for a chapter', () => {
  it('is stored under the book, served at its src, and a save that names it is accepted', async () => {
    const { client } = await author();
    const book = await importedBook(client);
    const png = await upload(client, book._id, await photo(120, 80, 'png'));
    expect(png.status, JSON.stringify(png.body)).toBe(201);
    expect(png.body).toEqual({
      imageId: expect.stringMatching(/^[a-f0-9]{32}$/),
      src: `/api/v1/book/${book._id}/images/${png.body.imageId}`,
      contentType: 'image/png',
    });
    const served = await client.binary('GET', png.body.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // The same picture again is the same image; WebP is stored as JPEG.
    expect((await upload(client, book._id, await photo(120, 80, 'png'))).body.imageId).toBe(png.body.imageId);
    const webp = await upload(client, book._id, await photo(120, 80, 'webp'), 'sky.webp');
    expect([webp.status, webp.body.contentType]).toEqual([201, 'image/jpeg']);
    expect((await client.binary('GET', webp.body.src)).bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Nothing of the upload is left behind.
    expect(await probe.blobs.list('uploads')).toEqual([]);

    const content = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'The valley lay quiet under the snow.' }] },
        { type: 'image', attrs: { src: png.body.src, alt: 'The valley in winter', width: null } },
      ],
    };
    const saved = await client.patch(`/api/v1/book/content/${book._id}`, { bookContent: JSON.stringify(content) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    expect(stored.bookContent).toContain(png.body.src);
  }, 120_000);

  it('refuses a file that is not an image, one over 10 MB and an empty form with a 400 naming why', async () => {
    const { client } = await author();
    const book = await importedBook(client);
    const text = await upload(client, book._id, Buffer.from('%PDF-1.7 not a picture at all'), 'scan.png');
    expect([text.status, text.body]).toEqual([400, { msg: imageMessages.notAnImage }]);
    const damaged = (await photo(120, 80, 'png')).subarray(0, 60);
    expect((await upload(client, book._id, damaged)).body).toEqual({ msg: imageMessages.notAnImage });
    const big = await upload(client, book._id, await elevenMegabytePng());
    expect([big.status, big.body]).toEqual([400, { msg: imageMessages.tooLarge }]);
    const empty = await client.request('POST', `/api/v1/book/${book._id}/images`, { multipart: new FormData() });
    expect([empty.status, empty.body]).toEqual([400, { msg: imageMessages.noImage }]);
    expect(await probe.blobs.list(`book-images/${book._id}`)).toEqual([]);
    expect(await probe.blobs.list('uploads')).toEqual([]);
  }, 120_000);

  it('is for whoever may edit the text: a co-author may, a viewer gets 403, a stranger 404', async () => {
    const { client: owner } = await author();
    const book = await importedBook(owner);
    const coauthor = await member(owner, book._id, 'coauthor');
    const added = await upload(coauthor, book._id, await photo(64, 64, 'jpeg'), 'face.jpg');
    expect([added.status, added.body.contentType]).toEqual([201, 'image/jpeg']);
    expect((await probe.blobs.get(bookImageBlobKey(book._id, added.body.imageId)))?.contentType).toBe('image/jpeg');

    const viewer = await member(owner, book._id, 'viewer');
    const refused = await upload(viewer, book._id, await photo(64, 64, 'png'));
    expect([refused.status, refused.body]).toEqual([403, { msg: refusalMessage('viewer', 'edit') }]);
    const { client: stranger } = await author();
    const hidden = await upload(stranger, book._id, await photo(64, 64, 'png'));
    expect([hidden.status, hidden.body]).toEqual([404, { msg: apiMessages.notFound }]);
    expect((await upload(system.client(), book._id, await photo(64, 64, 'png'))).status).toBe(401);
    // Only the co-author's image was stored.
    expect(await probe.blobs.list(`book-images/${book._id}`)).toHaveLength(1);
  }, 120_000);
});

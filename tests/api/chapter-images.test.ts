import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  bookImageBlobPrefix,
  parseBookImageUrl,
  type Book,
  type ManuscriptImportResponse,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { SystemProbe } from '../support/system-probe';
import { unzip } from '../support/unzip';

/**
 * Images inside chapters (issue 46) over HTTP: a Word file with a map and two photos imported, each image
 * stored under the new book and served at GET /book/{id}/images/{imageId} to whoever may read the book
 * (404 for anyone else), in the takeout with manuscript.md naming it, and gone with the book.
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

const fixture = (name: string) =>
  readFile(new URL(`../../services/export/src/import/fixtures/${name}`, import.meta.url));

async function author(): Promise<HttpClient> {
  const client = system.client();
  await client.post('/api/v1/auth/sign-up', newAccount());
  await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
  return client;
}

async function importImagesBook(client: HttpClient): Promise<{ book: Book; images: TiptapNode[] }> {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(await fixture('images-book.docx'))]), 'images-book.docx');
  const answer = await client.request<ManuscriptImportResponse>('POST', '/api/v1/book/import', { multipart: data });
  expect(answer.status).toBe(201);
  const book = (await client.get<Book>(`/api/v1/book/${answer.body.book._id}`)).body;
  const images: TiptapNode[] = [];
  const visit = (node: TiptapNode) => (node.type === 'image' ? images.push(node) : node.content?.forEach(visit));
  visit(JSON.parse(book.bookContent!) as TiptapNode);
  return { book, images };
}

describe('images inside chapters', () => {
  it('imports each image of a Word file under the new book and serves it to the owner, with caching', async () => {
    const client = await author();
    const { book, images } = await importImagesBook(client);
    expect(images.map((node) => node.attrs?.['alt'])).toEqual([
      'A hand-drawn map of the valley, the river winding from west to east',
      'The evening sky with a low sun',
      'The lighthouse above the dark sea',
    ]);
    for (const node of images) {
      const src = String(node.attrs?.['src']);
      expect(parseBookImageUrl(src)?.bookId).toBe(book._id);
      const image = await client.binary('GET', src);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toMatch(/private/);
      expect(image.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const again = await client.binary('GET', src, { headers: { 'if-none-match': image.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    // The converted files waiting for the book are gone once it is stored.
    expect(await probe.blobs.list('imports')).toEqual([]);
  }, 120_000);

  it('serves an image to a member who may only read the book; 404 to anyone else, and for an image it lacks', async () => {
    const owner = await author();
    const { book, images } = await importImagesBook(owner);
    const src = String(images[0]!.attrs?.['src']);
    const viewer = system.client();
    const account = newAccount();
    await viewer.post('/api/v1/auth/sign-up', account);
    expect(
      (await owner.post(`/api/v1/book/${book._id}/members`, { email: account.email, role: 'viewer' })).status,
    ).toBe(201);
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec((await system.lastMailTo(account.email)).text)![1]!;
    expect((await viewer.post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
    expect((await viewer.binary('GET', src)).status).toBe(200);
    const stranger = await author();
    expect(await stranger.request('GET', src)).toMatchObject({ status: 404, body: { msg: apiMessages.notFound } });
    expect((await system.client().request('GET', src)).status).toBe(401);
    const unknown = `/api/v1/book/${book._id}/images/${'0'.repeat(32)}`;
    expect((await owner.request('GET', unknown)).status).toBe(404);
    expect((await owner.request('GET', `/api/v1/book/${book._id}/images/not-an-id`)).status).toBe(400);
  }, 120_000);

  it('exports the images in the EPUB and in Word', async () => {
    const client = await author();
    const { book, images } = await importImagesBook(client);
    const metadata = await client.patch(`/api/v1/book/metadata/${book._id}`, {
      title: book.title,
      author: 'Ada Author',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    });
    expect(metadata.status).toBe(200);
    const ids = images.map((node) => parseBookImageUrl(String(node.attrs?.['src']))!.imageId);

    const epub = await client.binary('POST', `/api/v1/book/export/${book._id}`, { json: { format: 'epub' } });
    expect(epub.status).toBe(200);
    const files = await unzip(epub.bytes);
    for (const imageId of ids) expect(files.has(`OEBPS/images/${imageId}.png`)).toBe(true);
    const chapters = [...files].filter(([name]) => /chapter-\d+\.xhtml$/.test(name)).map(([, xml]) => xml.toString());
    expect(chapters.join('\n')).toContain('alt="The lighthouse above the dark sea"');

    const word = await client.binary('POST', `/api/v1/book/export/${book._id}`, {
      json: { format: 'docx', layout: 'manuscript' },
    });
    expect(word.status).toBe(200);
    const parts = await unzip(word.bytes);
    expect([...parts.keys()].filter((name) => /^word\/media\/.+/.test(name))).toHaveLength(3);
  }, 180_000);

  it('puts the images in the takeout, named by manuscript.md, and removes them with the book', async () => {
    const client = await author();
    const { book, images } = await importImagesBook(client);
    const download = await client.binary('GET', '/api/v1/user/export');
    expect(download.status).toBe(200);
    const entries = await unzip(download.bytes);
    const folder = [...entries.keys()]
      .find((name) => name.endsWith(`-${book._id}/book.json`))!
      .replace('book.json', '');
    const markdown = entries.get(`${folder}manuscript.md`)!.toString('utf8');
    for (const node of images) {
      const imageId = parseBookImageUrl(String(node.attrs?.['src']))!.imageId;
      expect(entries.get(`${folder}images/${imageId}.png`)?.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(markdown).toContain(`](images/${imageId}.png)`);
    }
    expect(markdown).toContain('![The evening sky with a low sun](images/');

    expect((await probe.blobs.list(bookImageBlobPrefix(book._id))).length).toBe(3);
    expect((await client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(200);
    expect((await client.request('DELETE', `/api/v1/book/${book._id}/permanent`)).status).toBe(200);
    await expect.poll(() => probe.blobs.list(bookImageBlobPrefix(book._id)), { timeout: 30_000 }).toEqual([]);
  }, 180_000);
});

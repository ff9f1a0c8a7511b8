import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { apiMessages, coverMessages, type Book, type ExportValidation } from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';

let system: TestSystem;
reportSystemFailures(() => system);
let workDir: string;
beforeAll(async () => {
  system = await startTestSystem();
  workDir = await mkdtemp(join(tmpdir(), 'bookwright-exports-'));
});
afterAll(async () => {
  await system?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A ready Czech book: its title and text carry the characters exports must keep. */
const readyCzechBook = (plan: 'starter' | 'professional' = 'professional') =>
  readyBook(system, {
    plan,
    request: {
      prompt: 'A Czech glassmaker rebuilds her family workshop after a flood.',
      title: 'Glass & Water: "Sklo"',
      language: 'czech',
      targetAudience: 'Adult readers',
      genre: 'historical fiction',
      size: 'short',
    },
  });

/** A multipart request with one file field, the way a browser form sends it. */
async function upload(client: HttpClient, bookId: string, bytes: Buffer | null, field = 'image') {
  const form = new FormData();
  if (bytes) form.append(field, new Blob([new Uint8Array(bytes)]), 'cover.png');
  return client.request('POST', `/api/v1/book/upload-cover/${bookId}`, { multipart: form });
}

const download = (client: HttpClient, path: string, body: unknown) => client.binary('POST', path, { json: body });

describe('covers', () => {
  it('uploads, applies and serves a cover to its owner only', async () => {
    const { client, book } = await readyCzechBook();
    const png = await testImage(1600, 2560, 'png');
    const uploaded = await upload(client, book._id, png);
    expect(uploaded.status).toBe(200);
    const imageUrl = String(uploaded.body.imageUrl);
    expect(imageUrl).toMatch(new RegExp(`^/api/v1/book/${book._id}/cover-image/[\\w-]+/web$`));
    const applied = await client.patch<Book>(`/api/v1/book/${book._id}`, { coverImage: imageUrl });
    expect(applied.body.coverImage).toBe(imageUrl);

    const image = await client.binary('GET', imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toContain('private');
    const meta = await sharp(image.bytes).metadata();
    expect(meta.height).toBeGreaterThan(0);
    const master = await client.binary('GET', imageUrl.replace(/web$/, 'master'));
    expect((await sharp(master.bytes).metadata()).height).toBe(2560);

    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await stranger.get(imageUrl)).status).toBe(404);
    expect((await system.client().get(imageUrl)).status).toBe(401);
  });

  it('refuses what is not a usable image with a clear 400 and stores nothing', async () => {
    const { client, book } = await readyCzechBook();
    const text = Buffer.from('this is not an image, whatever its name says');
    const truncated = (await testImage(400, 600, 'png')).subarray(0, 500);
    const huge = Buffer.alloc(11 * 1024 * 1024, 1);
    const cases: [Buffer | null, string][] = [
      [null, coverMessages.noImage],
      [text, coverMessages.notAnImage],
      [truncated, coverMessages.notAnImage],
      [huge, coverMessages.tooLarge],
    ];
    for (const [bytes, msg] of cases) {
      const res = await upload(client, book._id, bytes);
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
    }
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body.coverImage).toBeNull();
  });

  it('generates a cover offline from the book and the options, and counts it against the allowance', async () => {
    const { client, book } = await readyCzechBook('starter');
    const response = await client.binary('POST', `/api/v1/book/cover/${book._id}`, {
      json: {
        style: 'vintage',
        mood: 'mysterious',
        colorScheme: 'muted',
        dimensions: '1024x1536',
        prompt: 'a flooded workshop',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
    const meta = await sharp(response.bytes).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(1024 / 1536, 1);
    expect(response.headers.get('x-image-url')).toMatch(/cover-image/);
    expect((await client.get('/api/v1/user/current-user')).body.coversLeftThisMonth).toBe(9);
    const bad = await client.post(`/api/v1/book/cover/${book._id}`, { style: 'cubist' });
    expect(bad.status).toBe(400);
  });
});

describe('exports', () => {
  it('validates, refuses an EPUB with missing metadata with its issues, then exports a valid EPUB under the spec name', async () => {
    const { client, book } = await readyCzechBook();
    const validation = await client.post<ExportValidation>(`/api/v1/book/${book._id}/validate-export`, {
      platform: 'epub',
      format: 'epub',
    });
    expect(validation.status).toBe(200);
    expect(validation.body.isValid).toBe(false);
    // A new book's metadata language is the one it is written in (Czech); author and identifier are the author's.
    expect(book.languageMetadata).toBe('cs');
    expect(validation.body.missingMetadata).toEqual(['author', 'identifier']);

    const refused = await client.post(`/api/v1/book/export/${book._id}`, { format: 'epub' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Missing required metadata');
    expect(refused.body.issues).toEqual(expect.arrayContaining(['Author is required']));

    await client.patch(`/api/v1/book/metadata/${book._id}`, {
      title: book.title,
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
      keywords: ['glass', 'flood'],
    });
    const epub = await download(client, `/api/v1/book/export/${book._id}`, { format: 'epub' });
    expect(epub.status).toBe(200);
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    // RFC 6266: an ASCII fallback, and the UTF-8 name keeping the title's letters (only : and " are unsafe).
    expect(epub.headers.get('content-disposition')).toBe(
      `attachment; filename="Glass & Water Sklo.epub"; filename*=UTF-8''Glass%20%26%20Water%20Sklo.epub`,
    );
    // An EPUB's first zip entry is the uncompressed `mimetype` file.
    expect(epub.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(epub.bytes.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip');
  });

  it('exports a KDP interior PDF and refuses cover exports without a cover', async () => {
    const { client, book } = await readyCzechBook();
    await client.patch(`/api/v1/book/metadata/${book._id}`, {
      title: '未来からの手紙',
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    });
    const noCover = await client.post(`/api/v1/book/export/${book._id}`, {
      format: 'pdf',
      platform: 'kdp',
      exportType: 'both',
      trimSize: '6x9',
      paperColor: 'white',
      isPaperback: true,
      bleed: false,
    });
    expect(noCover.status).toBe(400);
    expect(noCover.body.msg).toBe('Cover image required');
    const interior = await download(client, `/api/v1/book/export/${book._id}`, {
      format: 'pdf',
      platform: 'kdp',
      exportType: 'interior',
      trimSize: '6x9',
      paperColor: 'cream',
      isPaperback: true,
      bleed: false,
      pageCount: 3,
      spineWidth: 9,
    });
    expect(interior.status).toBe(200);
    expect(interior.headers.get('content-type')).toBe('application/pdf');
    expect(interior.headers.get('content-disposition')).toBe(
      `attachment; filename="________KDP_Interior.pdf"; filename*=UTF-8''${encodeURIComponent('未来からの手紙_KDP_Interior.pdf')}`,
    );
    expect(interior.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    const other = await stranger.post(`/api/v1/book/export/${book._id}`, { format: 'epub' });
    expect({ status: other.status, msg: other.body.msg }).toEqual({ status: 404, msg: apiMessages.notFound });
    expect((await stranger.post(`/api/v1/book/${book._id}/validate-export`, { format: 'epub' })).status).toBe(404);
    const unknown = await client.post(`/api/v1/book/export/${book._id}`, { format: 'odt' });
    expect({ status: unknown.status, msg: unknown.body.msg }).toEqual({
      status: 400,
      msg: 'Choose a format: epub, pdf or docx',
    });
  });
});

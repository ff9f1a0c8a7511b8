import { describe, expect, it } from 'vitest';
import { apiMessages } from '@bookwright/contracts/http';
import { mockFetch, resetAfterEach } from '../../test/utils';
import { stubUploads } from './testing';
import { uploadWithProgress } from './uploadWithProgress';

resetAfterEach();

const form = () => {
  const data = new FormData();
  data.append('file', new File(['# One'], 'book.md'));
  return data;
};

describe('an upload with progress', () => {
  it('sends the CSRF token and a request id as baseQuery does, with cookies, and reports the bytes sent', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
    const { next } = stubUploads();
    const seen: number[] = [];
    const done = uploadWithProgress({
      url: '/book/import',
      form: form(),
      headers: { 'If-Match': '"v1"' },
      onProgress: ({ loaded, total }) => seen.push(loaded / total),
    });
    const upload = await next();
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/book/import');
    expect(upload.withCredentials).toBe(true);
    expect(upload.headers['X-XSRF-TOKEN']).toBe('abc==');
    expect(upload.headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(upload.headers['If-Match']).toBe('"v1"');
    expect(upload.body.get('file')).toBeInstanceOf(File);
    upload.progress(50, 100);
    upload.progress(100, 100);
    upload.answer(201, { ok: true }, { ETag: '"v2"' });
    expect(await done).toEqual({ kind: 'answered', status: 201, body: { ok: true }, etag: '"v2"' });
    expect(seen).toEqual([0.5, 1]);
  });

  it('fetches the cookie first when the browser has none', async () => {
    mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return { status: 200 };
      },
    });
    const { next } = stubUploads();
    const done = uploadWithProgress({ url: '/book/import', form: form() });
    const upload = await next();
    expect(upload.headers['X-XSRF-TOKEN']).toBe('fresh');
    upload.answer(400, { msg: 'no' });
    expect(await done).toMatchObject({ kind: 'answered', status: 400, body: { msg: 'no' } });
  });

  it('sends once more, under the same request id, when the gateway rejects a stale token', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    mockFetch({
      'GET /health': () => {
        document.cookie = 'XSRF-TOKEN=rotated; path=/';
        return { status: 200 };
      },
    });
    const { next } = stubUploads();
    const done = uploadWithProgress({ url: '/book/import', form: form() });
    const first = await next();
    first.answer(403, { msg: apiMessages.csrf });
    const second = await next();
    expect(second.headers['X-XSRF-TOKEN']).toBe('rotated');
    expect(second.headers['X-Request-Id']).toBe(first.headers['X-Request-Id']);
    second.answer(201, {});
    expect(await done).toMatchObject({ kind: 'answered', status: 201 });
  });

  it('tells no answer from a refusal, and a cancel from both', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const { next } = stubUploads();
    const offline = uploadWithProgress({ url: '/book/import', form: form() });
    (await next()).fail();
    expect(await offline).toEqual({ kind: 'offline' });

    const controller = new AbortController();
    const cancelled = uploadWithProgress({ url: '/book/import', form: form(), signal: controller.signal });
    const upload = await next();
    controller.abort();
    expect(await cancelled).toEqual({ kind: 'aborted' });
    expect(upload.aborted).toBe(true);
  });

  it('keeps a body that is not JSON as text (a proxy’s error page)', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const { next } = stubUploads();
    const done = uploadWithProgress({ url: '/book/import', form: form() });
    const upload = await next();
    upload.answer(413);
    expect(await done).toEqual({ kind: 'answered', status: 413, body: undefined, etag: undefined });
  });
});

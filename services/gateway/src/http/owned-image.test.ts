import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blob } from '@bookwright/kit';
import { sendOwnedImage } from './owned-image';

const image: Blob = {
  key: 'covers/b1/c1/web.webp',
  etag: 'abc123',
  size: 3,
  contentType: 'image/webp',
  modifiedAt: '2026-11-26T00:00:00.000Z',
  data: Buffer.from([1, 2, 3]),
};
const app = Fastify();
app.get('/image', (request, reply) => sendOwnedImage(request, reply, image));
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('an image of the owner’s', () => {
  it('is kept by the browser for a year, privately, under its entity tag', async () => {
    const answer = await app.inject({ url: '/image' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'private, max-age=31536000, immutable',
      etag: '"abc123"',
    });
    expect([...answer.rawPayload]).toEqual([1, 2, 3]);
  });

  it.each(['"abc123"', 'W/"abc123"', '"other", "abc123"', '*'])('answers 304 to If-None-Match: %s', async (tag) => {
    const answer = await app.inject({ url: '/image', headers: { 'if-none-match': tag } });
    expect(answer.statusCode).toBe(304);
    expect(answer.rawPayload.length).toBe(0);
  });

  it.each(['"other"', 'abc123', ''])('sends the image again for If-None-Match: %s', async (tag) => {
    const answer = await app.inject({ url: '/image', headers: { 'if-none-match': tag } });
    expect(answer.statusCode).toBe(200);
  });
});

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

let dist: string;
let app: FastifyInstance;

const pages = {
  'index.html': '<html><body><div id="root">Landing text</div></body></html>',
  'privacy-policy.html': '<html><body><div id="root">Privacy text</div></body></html>',
  'terms-of-service.html': '<html><body>Terms text</body></html>',
  'cookies-policy.html': '<html><body>Cookies text</body></html>',
  'app.html': '<html><head><meta name="robots" content="noindex" /></head><body><div id="root"></div></body></html>',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'assets/main-abc.js': 'console.log("x");'.repeat(100),
};

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'spa-test-'));
  await mkdir(join(dist, 'assets'));
  for (const [file, text] of Object.entries(pages)) {
    await writeFile(join(dist, file), text);
    await writeFile(join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${file}.gz`), gzipSync(text));
  }
  app = Fastify();
  await registerSpa(app, { distDir: dist, apiPrefix: '/api/v1' });
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app server', () => {
  it.each([
    ['/', 'Landing text'],
    ['/privacy-policy', 'Privacy text'],
    ['/terms-of-service', 'Terms text'],
    ['/cookies-policy', 'Cookies text'],
  ])('answers %s with its pre-rendered page', async (url, text) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(text);
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it('sends the brotli file to a client that accepts it, gzip to one that only takes gzip, and says it varies', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Landing text');
    const gz = await app.inject({ url: '/assets/main-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toContain('immutable');
    const plain = await app.inject({ url: '/privacy-policy' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD wherever it answers GET', async () => {
    for (const url of ['/', '/privacy-policy', '/app/settings', '/robots.txt', '/assets/main-abc.js']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
    }
  });

  it('serves the noindex app shell for pages behind sign-in and unknown pages', async () => {
    for (const url of ['/app', '/app/edit/123', '/login', '/no-such-page']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('noindex');
      expect(response.headers['x-robots-tag']).toBe('noindex');
    }
  });

  it('serves robots.txt as text, and unknown API paths and assets as a JSON 404', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    for (const url of ['/api/v1/nope', '/assets/missing.js']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toHaveProperty('msg');
    }
    expect((await app.inject({ method: 'POST', url: '/' })).statusCode).toBe(404);
  });
});

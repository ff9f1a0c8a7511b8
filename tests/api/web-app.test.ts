import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

// The built web app as the gateway serves it: a stand-in dist folder, so the test needs no Vite build.
let system: TestSystem;
reportSystemFailures(() => system);
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'bookwright-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>Bookwright</title>');
  await writeFile(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  system = await startTestSystem({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await system?.stop();
  await rm(distDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${system.url}/assets/app-1a2b3c.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/library', '/book/some-id/edit'])('answers %s with index.html, never cached', async (path) => {
    const res = await fetch(`${system.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Bookwright</title>');
  });
});

import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildEnvironment } from './builds.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the web build exactly as `npm start` does (npm run build -w @bookwright/web), into outDir. */
function buildWeb(
  outDir: string,
  env: NodeJS.ProcessEnv & { PUBLIC_URL: string },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@bookwright/web', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: repo,
      env: webBuildEnvironment({ PATH: process.env.PATH, HOME: process.env.HOME, ...env }, env.PUBLIC_URL),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the web build of npm start', () => {
  let outDir: string | undefined;
  afterAll(() => (outDir ? rm(outDir, { recursive: true, force: true }) : undefined));

  it('is the production build whatever NODE_ENV, prints no warnings, and writes PUBLIC_URL into the canonical link, og:url, sitemap.xml and robots.txt', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'bookwright-web-build-'));
    // Started from a test or a bench, the build inherits NODE_ENV=test: it must still be the production build.
    const { code, output } = await buildWeb(outDir, {
      PUBLIC_URL: 'https://books.example.com',
      PORT: '18080',
      NODE_ENV: 'test',
    });
    expect(code, output).toBe(0);
    // Vite marks warnings with "(!)" or a "warning" word; a clean checkout builds without any.
    const warnings = output.split('\n').filter((line) => /\(!\)|\bwarn(ing)?\b/i.test(line));
    expect(warnings).toEqual([]);

    const index = await readFile(join(outDir, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="canonical" href="https://books.example.com/" />');
    expect(index).toContain('<meta property="og:url" content="https://books.example.com/" />');
    const privacy = await readFile(join(outDir, 'privacy-policy.html'), 'utf8');
    expect(privacy).toContain('<link rel="canonical" href="https://books.example.com/privacy-policy" />');
    expect(await readFile(join(outDir, 'sitemap.xml'), 'utf8')).toContain(
      '<loc>https://books.example.com/terms-of-service</loc>',
    );
    expect(await readFile(join(outDir, 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://books.example.com/sitemap.xml',
    );
    // React's production build: no development JSX runtime in any chunk.
    const assets = join(outDir, 'assets');
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(await readFile(join(assets, script), 'utf8'), script).not.toContain('jsxDEV');
    for (const file of ['index.html', 'sitemap.xml', 'robots.txt']) {
      expect(await readFile(join(outDir, file), 'utf8')).not.toContain('localhost');
    }
  }, 300_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readyBook } from '../../tests/support/books';
import { freePorts } from '../../tests/support/ports';
import { HttpClient, type TestSystem } from '../../tests/support/test-system';
import {
  ensureServerBundle,
  ensureWebBuild,
  publicUrlOf,
  serverInputs,
  sourceHash,
  webBuildHash,
  webInputs,
} from './builds.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the build stamps', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bookwright-stamp-'));
    await mkdir(join(root, 'web', 'src'), { recursive: true });
    await mkdir(join(root, 'web', 'node_modules', 'x'), { recursive: true });
    await mkdir(join(root, 'web', 'dist'), { recursive: true });
    await mkdir(join(root, 'contracts', 'src'), { recursive: true });
    await mkdir(join(root, 'services', 'user', 'src'), { recursive: true });
    await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export {}');
    await writeFile(join(root, 'contracts', 'src', 'index.ts'), 'export {}');
    await writeFile(join(root, 'services', 'user', 'src', 'main.ts'), 'export {}');
    await writeFile(join(root, 'package-lock.json'), '{}');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('the web hash changes when a web source, a contract or the lockfile changes, and only then', async () => {
    const first = sourceHash(root, webInputs);
    expect(sourceHash(root, webInputs)).toBe(first);
    // Build output, installed packages and server sources are not inputs of the web build.
    await writeFile(join(root, 'web', 'dist', 'index.html'), '<html>');
    await writeFile(join(root, 'web', 'node_modules', 'x', 'index.js'), '1');
    await writeFile(join(root, 'services', 'user', 'src', 'main.ts'), 'export const u = 1');
    expect(sourceHash(root, webInputs)).toBe(first);

    await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export const a = 1');
    const second = sourceHash(root, webInputs);
    expect(second).not.toBe(first);
    await writeFile(join(root, 'contracts', 'src', 'index.ts'), 'export const b = 2');
    const third = sourceHash(root, webInputs);
    expect(third).not.toBe(second);
    await writeFile(join(root, 'package-lock.json'), '{"v":2}');
    expect(sourceHash(root, webInputs)).not.toBe(third);
  });

  it('the server hash follows the services and the contracts, not the web app', async () => {
    const first = sourceHash(root, serverInputs);
    await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export const a = 1');
    expect(sourceHash(root, serverInputs)).toBe(first);
    await writeFile(join(root, 'services', 'user', 'src', 'main.ts'), 'export const u = 1');
    const second = sourceHash(root, serverInputs);
    expect(second).not.toBe(first);
    await writeFile(join(root, 'contracts', 'src', 'index.ts'), 'export const b = 2');
    expect(sourceHash(root, serverInputs)).not.toBe(second);
  });

  it('reuses web/dist when its stamp matches the sources and the public address', async () => {
    await writeFile(join(root, 'web', 'dist', 'index.html'), '<html>');
    await writeFile(join(root, 'web', 'dist', '.source-hash'), `${webBuildHash(root, 'http://localhost:8080')}\n`);
    expect(await ensureWebBuild(root, () => {}, {})).toBe('reused');
    expect(await ensureWebBuild(root, () => {}, { PORT: '8080' })).toBe('reused');
  });

  it('builds again when npm start serves another address (PORT or PUBLIC_URL)', async () => {
    await writeFile(join(root, 'web', 'dist', 'index.html'), '<html>');
    await writeFile(join(root, 'web', 'dist', '.source-hash'), `${webBuildHash(root, 'http://localhost:8080')}\n`);
    for (const env of [{ PORT: '18080' }, { PUBLIC_URL: 'https://books.example.com' }]) {
      const said: string[] = [];
      // This scratch root has no web workspace, so the build it starts fails: what matters is that it starts.
      await expect(ensureWebBuild(root, (line) => said.push(line), env)).rejects.toThrow(/web build failed/);
      expect(said.join('\n')).toContain(`building the web app for ${publicUrlOf(env)}`);
    }
  });

  it('takes the public address from PUBLIC_URL, else http://localhost:<PORT>', () => {
    expect(publicUrlOf({})).toBe('http://localhost:8080');
    expect(publicUrlOf({ PORT: '18080' })).toBe('http://localhost:18080');
    expect(publicUrlOf({ PORT: '18080', PUBLIC_URL: 'https://books.example.com' })).toBe('https://books.example.com');
  });
});

describe('the server bundle', () => {
  // Beside the real bundle, inside the repository, so its npm packages resolve from node_modules exactly as
  // `npm start`'s do (and under dist/, which is not an input of the bundle).
  const outDir = join(repo, 'services', 'all-in-one', 'dist', `test-${process.pid}`);
  const dataDir = join(tmpdir(), `bookwright-bundle-${process.pid}`);
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is made once, reused while the sources are unchanged, and runs the whole product with plain node', async () => {
    const made = await ensureServerBundle(repo, () => {}, outDir);
    expect(made.state).toBe('built');
    expect((await ensureServerBundle(repo, () => {}, outDir)).state).toBe('reused');

    const [port] = [await freePorts(1)];
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
    };
    child = spawn(process.execPath, [made.bundle], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    let health: { status?: string; checks?: Record<string, string> } = {};
    while (Date.now() < deadline) {
      health = await fetch(`${url}/api/v1/health`)
        .then((r) => r.json() as Promise<typeof health>)
        .catch(() => ({}));
      if (health.status === 'ok') break;
      if (child.exitCode !== null) throw new Error(`the bundle exited: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(health.status).toBe('ok');
    expect(Object.values(health.checks ?? {}).every((check) => check === 'ok')).toBe(true);

    // What finds files relative to its own source (the offline cover designer's fonts, the export
    // service's worker entry and print fonts) works from the bundle too.
    const system = { client: () => new HttpClient(url) } as unknown as TestSystem;
    const { client, book } = await readyBook(system);
    await client.patch(`/api/v1/book/metadata/${book._id}`, {
      title: book.title,
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    });
    const post = (path: string, body: unknown) => client.binary('POST', path, { json: body });
    const cover = await post(`/api/v1/book/cover/${book._id}`, {
      style: 'vintage',
      mood: 'mysterious',
      colorScheme: 'muted',
      dimensions: '1024x1536',
    });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);
    const interior = await post(`/api/v1/book/export/${book._id}`, {
      format: 'pdf',
      platform: 'kdp',
      exportType: 'interior',
      trimSize: '6x9',
      paperColor: 'cream',
      isPaperback: true,
      bleed: false,
    });
    expect(interior.status).toBe(200);
    expect(interior.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child!.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
  }, 240_000);

  it('loads at start no package of an adapter the embedded configuration does not use', async () => {
    const { bundle } = await ensureServerBundle(repo, () => {}, outDir);
    const loaded = await packagesLoadedAtStart(bundle);
    // The walk sees the server's own packages, so an empty answer cannot pass for a clean one.
    expect(loaded).toContain('fastify');
    const adapters = ['sharp', 'fontkit', 'stripe', 'openai', 'replicate', 'nodemailer', 'openid-client', 'pg'];
    expect(loaded.filter((name) => adapters.includes(name) || name.startsWith('@nats-io/'))).toEqual([]);
  }, 120_000);
});

/**
 * The npm packages the bundle imports before it serves: every chunk reachable from the entry through static
 * imports, and through the dynamic imports the entry itself makes at start (the service graph).
 */
async function packagesLoadedAtStart(bundle: string): Promise<string[]> {
  const staticImport = /^import\s*(?:[^'"]*?\sfrom\s*)?["']([^"']+)["'];/gm;
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = async (file: string, followDynamic: boolean): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = await readFile(file, 'utf8');
    const specifiers = [...source.matchAll(staticImport)].map((match) => match[1]!);
    if (followDynamic) specifiers.push(...[...source.matchAll(/\bimport\(["'](\.[^"']+)["']\)/g)].map((m) => m[1]!));
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) await visit(join(dirname(file), specifier), false);
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  };
  await visit(bundle, true);
  return [...packages].sort();
}

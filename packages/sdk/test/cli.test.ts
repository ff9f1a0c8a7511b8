import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../../../tests/support/test-system';
import type { Bookwright, Schemas } from '../src/index';
import { enterpriseSession, setPlan, tokenFor } from './system';

const bin = fileURLToPath(new URL('../bin/bookwright.mjs', import.meta.url));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

// The bookwright CLI as a person or a script runs it: a child process with its environment, against the
// embedded system. Exit codes, --json on stdout, login saving the token 0600, a book created and waited
// for, its EPUB exported, and webhook deliveries received and verified by `webhooks listen`.
// Each run starts Node and tsx afresh: seconds each on a loaded machine, hence the generous timeout.
describe('the bookwright CLI', { timeout: 180_000 }, () => {
  let system: TestSystem;
  let session: Bookwright;
  let email: string;
  let token: string;
  let home: string;

  /** Runs `bookwright args…` with only the environment given (and a private config folder). */
  function bookwright(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<Ran> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [bin, ...args], {
        env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, 'config'), ...env },
        cwd: home,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin ?? '');
    });
  }
  const signedIn = () => ({ BOOKWRIGHT_URL: system.url, BOOKWRIGHT_TOKEN: token });

  beforeAll(async () => {
    system = await startTestSystem({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '1' });
    home = await mkdtemp(join(tmpdir(), 'bookwright-cli-'));
    ({ session, email } = await enterpriseSession(system));
    ({ token } = await tokenFor(session, ['books:read', 'books:write', 'exports:write', 'webhooks:write']));
  });
  afterAll(async () => {
    await system?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('documents its exit codes in --help, and exits 2 on a wrong command line', async () => {
    const help = await bookwright(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stdout).toContain('BOOKWRIGHT_TOKEN');
    expect((await bookwright(['books', 'shelve'])).code).toBe(2);
    expect((await bookwright(['books', 'export', 'some-id', '--format', 'mobi'], signedIn())).code).toBe(2);
    expect((await bookwright(['login'])).code).toBe(2);
  });

  it('exits 3 without a token or with a refused one, and 8 when the server cannot be reached', async () => {
    const none = await bookwright(['books', 'list'], { BOOKWRIGHT_URL: system.url });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('BOOKWRIGHT_TOKEN');
    const bad = await bookwright(['books', 'list', '--json'], { ...signedIn(), BOOKWRIGHT_TOKEN: 'bw_pat_nope' });
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stdout)).toEqual({
      error: { exitCode: 3, status: 401, msg: 'This API token is unknown, revoked or expired', issues: null },
    });
    const away = await bookwright(['books', 'list'], { ...signedIn(), BOOKWRIGHT_URL: 'http://127.0.0.1:9' });
    expect(away.code).toBe(8);
  });

  it('exits 5 when the plan has lapsed (402)', async () => {
    const other = await enterpriseSession(system);
    const { token: lapsing } = await tokenFor(other.session, ['books:read']);
    await setPlan(system, other.email, 'starter');
    const ran = await bookwright(['books', 'list'], { BOOKWRIGHT_URL: system.url, BOOKWRIGHT_TOKEN: lapsing });
    expect(ran.code).toBe(5);
  });

  it('saves a token read from stdin with `login --token`, 0600, after checking it', async () => {
    const refused = await bookwright(['login', '--url', system.url, '--token'], {}, 'bw_pat_not-a-real-one\n');
    expect(refused.code).toBe(3);
    await expect(stat(join(home, 'config', 'bookwright', 'config.json'))).rejects.toThrow();

    const ran = await bookwright(['login', '--url', system.url, '--token', '--json'], {}, `${token}\n`);
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ url: system.url, email });
    const path = join(home, 'config', 'bookwright', 'config.json');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ url: system.url, token });
    // Later commands need no environment.
    const listed = await bookwright(['books', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
    expect((await bookwright(['logout'])).code).toBe(0);
    expect((await bookwright(['books', 'list'])).code).toBe(3);
  });

  describe('with a book', () => {
    let book: Schemas['Book'];
    let listener: ReturnType<typeof spawn>;
    const lines: Record<string, unknown>[] = [];

    beforeAll(async () => {
      // `webhooks listen` without a secret makes a temporary endpoint for itself with the token.
      listener = spawn(
        process.execPath,
        [bin, 'webhooks', 'listen', '--port', '0', '--json', '--events', 'book.ready'],
        {
          env: { PATH: process.env.PATH ?? '', HOME: home, ...signedIn() },
        },
      );
      let buffer = '';
      listener.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          lines.push(JSON.parse(buffer.slice(0, end)) as Record<string, unknown>);
          buffer = buffer.slice(end + 1);
        }
      });
      await until(() => lines.find((line) => 'listening' in line));
    });
    afterAll(() => {
      if (listener.exitCode === null) listener.kill('SIGKILL');
    });

    async function until<T>(probe: () => T | undefined): Promise<T> {
      for (let i = 0; i < 2400; i++) {
        const value = probe();
        if (value !== undefined) return value;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('never happened');
    }

    it('creates a book from an idea and waits until it is ready (--wait --json)', async () => {
      const ran = await bookwright(
        [
          'books',
          'create',
          '--idea',
          'A cartographer maps a city that rearranges itself every night.',
          '--wait',
          '--json',
          '--author',
          'Ada Lovelace',
        ],
        signedIn(),
      );
      expect(ran.code, ran.stderr).toBe(0);
      book = JSON.parse(ran.stdout) as Schemas['Book'];
      expect(book).toMatchObject({
        status: 'ready',
        title: 'A cartographer maps a city that rearranges itself every night',
        author: 'Ada Lovelace',
      });
      expect(ran.stderr).toContain('Ready:');

      const listed = await bookwright(['books', 'list'], signedIn());
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`^${book._id}\\s+ready\\s+A cartographer`, 'm'));
    });

    it('exports it as an EPUB into a file (-o), and exits 4 for a book that is not there', async () => {
      const ran = await bookwright(
        ['books', 'export', book._id, '--format', 'epub', '-o', 'out.epub', '--json'],
        signedIn(),
      );
      expect(ran.code, ran.stderr).toBe(0);
      const saved = JSON.parse(ran.stdout) as { path: string; bytes: number; contentType: string };
      expect(saved).toMatchObject({ path: join(home, 'out.epub'), contentType: 'application/epub+zip' });
      const bytes = await readFile(saved.path);
      expect(bytes.length).toBe(saved.bytes);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');

      const missing = await bookwright(
        ['books', 'export', 'no-such-book', '--format', 'epub', '-o', 'x.epub'],
        signedIn(),
      );
      expect(missing.code).toBe(4);
      await expect(stat(join(home, 'x.epub'))).rejects.toThrow();
    });

    it('receives the book.ready delivery in `webhooks listen`, verified, and deletes its endpoint when stopped', async () => {
      const delivery = await until(() => lines.find((line) => line.type === 'book.ready'));
      expect(delivery).toMatchObject({ type: 'book.ready', data: { bookId: book._id } });
      expect(delivery.webhookId).toEqual(expect.any(String));
      const endpointId = lines.find((line) => 'listening' in line)!.endpointId as string;

      const exited = new Promise<number | null>((resolve) => listener.on('close', (code) => resolve(code)));
      listener.kill('SIGTERM');
      expect(await exited).toBe(0);
      const hooks = await session.ok(session.api.GET('/api/v1/webhooks'));
      expect(hooks.webhooks.map((hook) => hook.id)).not.toContain(endpointId);
    });
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, HttpClient, newAccount } from '../support/test-system';
import { freePorts } from '../support/ports';
import { waitForStatus } from '../support/books';

/**
 * `npm run start:distributed` against the machine's PostgreSQL and NATS: every service its own process,
 * two gateways behind one port, two writers. Needs DATABASE_URL and NATS_URL (CI sets them).
 */
const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));
if (!databaseUrl || !natsUrl)
  console.warn('tests/distributed: DATABASE_URL and NATS_URL are not set, so the distributed mode is not tested');

const suffix = randomBytes(4).toString('hex');
const namespace = `t${suffix}`;
const schemaPrefix = `t${suffix}_`;

interface Launched {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
}

function launch(env: NodeJS.ProcessEnv): Launched {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/distributed/main.ts', '--skip-web-build'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    async waitFor(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = lines.find((line) => pattern.test(line));
        if (hit) return hit;
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no line matching ${pattern}; last lines:\n${lines.slice(-40).join('\n')}`);
    },
  };
}

describe.skipIf(!databaseUrl || !natsUrl)('npm run start:distributed', () => {
  let launched: Launched;
  let port: number;
  let healthBase: number;
  let db: pg.Client;

  beforeAll(async () => {
    port = await freePorts(1);
    healthBase = await freePorts(10);
    launched = launch({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      PORT: String(port),
      HEALTH_PORT_BASE: String(healthBase),
      BUS_NAMESPACE: namespace,
      DATABASE_SCHEMA_PREFIX: schemaPrefix,
      // Slow enough that a book is still being written when a writer is killed; short leases so the other
      // writer takes the job over within seconds.
      LLM_OFFLINE_LATENCY_MS: '150',
      WRITER_CONCURRENCY: '2',
      WRITER_LEASE_MS: '3000',
      WRITER_SWEEP_MS: '500',
    });
    await launched.waitFor(/is ready on http:\/\/localhost:\d+ with 10 processes/, 150_000);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    if (launched && launched.child.exitCode === null) {
      launched.child.kill('SIGKILL');
      await launched.exited;
    }
    await db?.end();
    await cleanUp({ namespace, schemaPrefix });
  });

  it('starts every service as its own process and prints its name, pid and ports', () => {
    const started = launched.lines.filter((line) => /^launcher\s+\| started /.test(line));
    const names = started.map((line) => /started (\S+) /.exec(line)?.[1]);
    expect(names).toEqual([
      'gateway-1',
      'gateway-2',
      'user',
      'billing',
      'book',
      'planner',
      'writer-1',
      'writer-2',
      'cover',
      'export',
    ]);
    expect(started[0]).toContain(`http :${port}, health :${healthBase}`);
    expect(started[1]).toContain(`http :${port}, health :${healthBase + 1}`);
    expect(started[9]).toContain(`health :${healthBase + 9}`);
    for (const line of started) expect(line).toMatch(/\(pid \d+, /);
  });

  it('serves a session made on one gateway replica on the other', async () => {
    const client = new HttpClient(`http://127.0.0.1:${port}`);
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    const before = launched.lines.length;
    // Concurrent requests open several connections, which the cluster hands out to both replicas in turn.
    const answers = await Promise.all(Array.from({ length: 24 }, () => client.get('/api/v1/user/current-user')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const served = launched.lines
      .slice(before)
      .filter((line) => line.includes('request completed') && line.includes('"statusCode":200'))
      .map((line) => line.split(' | ')[0]?.trim());
    expect(new Set(served)).toEqual(new Set(['gateway-1', 'gateway-2']));
  });

  it('finishes a book, each chapter written once, although the writer holding it is killed mid-book', async () => {
    const client = new HttpClient(`http://127.0.0.1:${port}`);
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' })).status).toBe(200);
    const planned = await client.post<{ data?: { bookId?: string; _id?: string }; bookId?: string }>(
      '/api/v1/agent/plan',
      {
        prompt: 'Two sisters restore a clock tower in Ljubljana and find the maker’s hidden diary.',
        title: 'The Clockmaker’s Diary',
        language: 'english',
        targetAudience: 'Adult readers',
        genre: 'mystery',
        size: 'short',
      },
    );
    expect(planned.status).toBeLessThan(300);
    const bookId = await waitForOnlyBook(client);
    await waitForStatus(client, bookId, 'validation');
    expect((await client.patch(`/api/v1/agent/write/${bookId}`, {})).status).toBeLessThan(300);

    // Wait until a writer holds the job and has committed at least one chapter, then kill that writer.
    const jobs = `"${schemaPrefix}writer".writing_jobs`;
    const chapters = `"${schemaPrefix}writer".written_chapters`;
    let owner: string | undefined;
    let doneAtKill = 0;
    for (let i = 0; i < 600 && !owner; i++) {
      const row = await db.query<{ lease_owner: string | null; done: string }>(
        `select j.lease_owner, (select count(*) from ${chapters} c where c.job_id = j.id) as done
           from ${jobs} j where j.book_id = $1`,
        [bookId],
      );
      const job = row.rows[0];
      if (job?.lease_owner && Number(job.done) >= 1) {
        owner = job.lease_owner;
        doneAtKill = Number(job.done);
      } else await new Promise((r) => setTimeout(r, 100));
    }
    expect(owner, 'a writer took the job').toBeDefined();
    const replica = /(writer-\d)$/.exec(owner ?? '')?.[1];
    const pidLine = [...launched.lines].reverse().find((line) => line.includes(`started ${replica} (pid`));
    const pid = Number(/pid (\d+)/.exec(pidLine ?? '')?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await launched.waitFor(new RegExp(`${replica} exited \\(signal SIGKILL\\)`), 10_000);

    const book = await waitForStatus(client, bookId, 'ready', 240_000);
    const written = await db.query<{ chapter_number: number; n: string }>(
      `select c.chapter_number, count(*) as n from ${chapters} c join ${jobs} j on j.id = c.job_id
        where j.book_id = $1 group by c.chapter_number order by c.chapter_number`,
      [bookId],
    );
    const total = await db.query<{ chapters_total: number }>(`select chapters_total from ${jobs} where book_id = $1`, [
      bookId,
    ]);
    expect(written.rows.map((r) => Number(r.n))).toEqual(written.rows.map(() => 1));
    expect(written.rows.length).toBe(total.rows[0]?.chapters_total);
    expect(doneAtKill, 'the writer was killed mid-book').toBeLessThan(written.rows.length);
    expect(book.status).toBe('ready');
  }, 300_000);

  it('stops every process cleanly on SIGINT', async () => {
    launched.child.kill('SIGINT');
    expect(await launched.exited).toBe(0);
    expect(launched.lines.some((line) => line.includes('every process stopped cleanly'))).toBe(true);
  }, 60_000);
});

async function waitForOnlyBook(client: HttpClient): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const list = await client.get<unknown>('/api/v1/book');
    const body = list.body as { data?: { _id: string }[] } | { _id: string }[];
    const books = Array.isArray(body) ? body : (body.data ?? []);
    if (books[0]) return books[0]._id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the planned book never appeared in the library');
}

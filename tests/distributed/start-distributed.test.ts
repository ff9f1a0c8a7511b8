import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, User } from '@bookwright/contracts/http';
import { cleanUp, newAccount, type HttpResponse } from '../support/test-system';
import { waitForStatus } from '../support/books';
import { planProcesses } from '../../scripts/distributed/topology';
import {
  nextClientIp,
  startDistributed,
  waitForOnlyBook,
  writtenChapters,
  type DistributedSystem,
} from '../support/distributed-system';
import { reportDistributedFailures } from '../support/distributed-failure-report';

/**
 * `npm run start:distributed` against the machine's PostgreSQL and NATS: every service its own process,
 * two gateways behind one port, two writers. Needs DATABASE_URL and NATS_URL (CI sets them).
 */
const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
if (!databaseUrl || !natsUrl)
  console.warn('tests/distributed: DATABASE_URL and NATS_URL are not set, so the distributed mode is not tested');

const authPerIp = 8;
const failedLoginsPerAccount = 3;
const generationPerUser = 4;

describe.skipIf(!databaseUrl || !natsUrl)('npm run start:distributed', () => {
  let launched: DistributedSystem;
  reportDistributedFailures(() => launched);
  let port: number;
  let healthBase: number;
  let schemaPrefix: string;
  let db: pg.Client;

  beforeAll(async () => {
    launched = await startDistributed({
      databaseUrl: databaseUrl!,
      natsUrl: natsUrl!,
      env: {
        // Slow enough that a book is still being written when a writer is killed; short leases so the other
        // writer takes the job over within seconds.
        LLM_OFFLINE_LATENCY_MS: '150',
        WRITER_CONCURRENCY: '2',
        WRITER_LEASE_MS: '3000',
        WRITER_SWEEP_MS: '500',
        // Small budgets, so hammering a limited route through both replicas shows whether they share them.
        AUTH_RATE_LIMIT_PER_IP: String(authPerIp),
        AUTH_RATE_LIMIT_FAILED_LOGINS: String(failedLoginsPerAccount),
        GENERATION_RATE_LIMIT_PER_USER: String(generationPerUser),
        // Node flags for some services only (profiling, bench/README.md); V8's default stack size, so harmless.
        SERVICE_NODE_ARGS: '--stack-size=984',
        SERVICE_NODE_ARGS_FOR: 'gateway,writer',
      },
    });
    ({ port, healthBase, schemaPrefix } = launched);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await launched?.stop();
    await db?.end();
    if (launched) await cleanUp({ namespace: launched.namespace, schemaPrefix: launched.schemaPrefix });
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
      'collab-1',
      'collab-2',
      'webhooks',
    ]);
    expect(started[0]).toContain(`http :${port}, health :${healthBase}`);
    expect(started[1]).toContain(`http :${port}, health :${healthBase + 1}`);
    expect(started[9]).toContain(`health :${healthBase + 9}`);
    expect(started[10]).toContain(`ws :${launched.collabPortBase}, health :${healthBase + 10}`);
    expect(started[11]).toContain(`ws :${launched.collabPortBase + 1}, health :${healthBase + 11}`);
    expect(started[12]).toContain(`health :${healthBase + 12}`);
    for (const line of started) expect(line).toMatch(/\(pid \d+, /);
  });

  it('passes SERVICE_NODE_ARGS to the services SERVICE_NODE_ARGS_FOR names, and to no other', () => {
    const commandLine = (name: string) => readFileSync(`/proc/${launched.pidOf(name)}/cmdline`, 'utf8').split('\0');
    for (const name of ['gateway-1', 'gateway-2', 'writer-1', 'writer-2'])
      expect(commandLine(name), name).toContain('--stack-size=984');
    for (const name of ['user', 'billing', 'book', 'planner', 'cover', 'export', 'collab-1', 'collab-2', 'webhooks'])
      expect(commandLine(name), name).not.toContain('--stack-size=984');
  });

  it('serves a session made on one gateway replica on the other', async () => {
    const client = launched.client({ ip: nextClientIp() });
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    const answers = await readThroughBothReplicas(() => client.get('/api/v1/user/current-user'));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });

  it('shows a plan bought through one replica on the very next read, whichever replica answers it', async () => {
    const client = launched.client({ ip: nextClientIp() });
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    const read = () => client.get<User>('/api/v1/user/current-user');
    // Both replicas now hold this user, without a plan, for seconds (CURRENT_USER_CACHE_TTL_MS).
    const first = await readThroughBothReplicas(read);
    expect(first.map((a) => a.body.accountType)).toEqual(first.map(() => 'null'));
    expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
    // The replica that did not take the payment may not have heard its event yet: the write mark makes it
    // read afresh instead of answering the copy it holds.
    const after = await readThroughBothReplicas(read);
    expect(after.map((a) => a.body.accountType)).toEqual(after.map(() => 'starter'));
  });

  it('finishes a book, each chapter written once, although the writer holding it is killed mid-book', async () => {
    const client = launched.client({ ip: nextClientIp() });
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
    let owner: string | undefined;
    let doneAtKill = 0;
    for (let i = 0; i < 600 && !owner; i++) {
      const job = await writtenChapters(db, schemaPrefix, bookId);
      if (job.leaseOwner && job.timesWritten.length >= 1) {
        owner = job.leaseOwner;
        doneAtKill = job.timesWritten.length;
      } else await new Promise((r) => setTimeout(r, 100));
    }
    expect(owner, 'a writer took the job').toBeDefined();
    const replica = /(writer-\d)$/.exec(owner ?? '')?.[1];
    const pid = launched.pidOf(replica ?? '');
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await launched.waitFor(new RegExp(`${replica} exited \\(signal SIGKILL\\)`), 10_000);

    const book = await waitForStatus(client, bookId, 'ready', 240_000);
    const { timesWritten, total } = await writtenChapters(db, schemaPrefix, bookId);
    expect(timesWritten).toEqual(timesWritten.map(() => 1));
    expect(timesWritten.length).toBe(total);
    expect(doneAtKill, 'the writer was killed mid-book').toBeLessThan(timesWritten.length);
    expect(book.status).toBe('ready');

    // The rest of the author's journey, through whichever replica answers: edit, metadata, export.
    const document = JSON.parse(book.bookContent!) as { type: 'doc'; content: unknown[] };
    const edited = {
      ...document,
      content: [...document.content, { type: 'paragraph', content: [{ type: 'text', text: 'The End.' }] }],
    };
    expect((await client.patch(`/api/v1/book/content/${bookId}`, { bookContent: JSON.stringify(edited) })).status).toBe(
      200,
    );
    expect((await client.get<Book>(`/api/v1/book/${bookId}`)).body.bookContent).toContain('The End.');
    const metadata = await client.patch(`/api/v1/book/metadata/${bookId}`, {
      title: book.title,
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
      keywords: ['clock', 'diary'],
    });
    expect(metadata.status).toBe(200);
    const epub = await client.post(`/api/v1/book/export/${bookId}`, { format: 'epub' });
    expect(epub.status).toBe(200);
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
  }, 300_000);

  it('counts the auth budget of an IP once across both replicas', async () => {
    const ip = nextClientIp();
    const before = launched.lines.length;
    // Unknown accounts, so only the per-IP budget applies (failed logins are counted per account).
    const answers = await Promise.all(
      Array.from({ length: authPerIp * 3 }, (_, i) =>
        launched
          .client({ ip })
          .post('/api/v1/auth/login', { email: `nobody-${i}@example.com`, password: 'wrong-password-1' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(authPerIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(authPerIp * 2);
    // Both replicas took part (which of them refused is a matter of timing, not of the shared count).
    await expect
      .poll(() => servedBy(launched.lines.slice(before), [401, 429]), { timeout: 10_000 })
      .toEqual(new Set(['gateway-1', 'gateway-2']));
  });

  it('counts the failed logins of an account and IP once across both replicas, however many at once', async () => {
    const account = newAccount();
    expect((await launched.client({ ip: nextClientIp() }).post('/api/v1/auth/sign-up', account)).status).toBe(201);
    const ip = nextClientIp();
    const answers = await Promise.all(
      Array.from({ length: failedLoginsPerAccount * 3 }, () =>
        launched.client({ ip }).post('/api/v1/auth/login', { email: account.email, password: 'not-the-password-1' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(failedLoginsPerAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(failedLoginsPerAccount * 2);
  });

  it('counts a route limit (plan and write) of a user once across both replicas', async () => {
    const client = launched.client({ ip: nextClientIp() });
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    // An invalid plan request is counted (the limit runs first) but starts nothing: a 400 instead of a book.
    const answers = await Promise.all(
      Array.from({ length: generationPerUser * 3 }, () => client.post('/api/v1/agent/plan', {})),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(generationPerUser);
    expect(statuses.filter((s) => s === 429)).toHaveLength(generationPerUser * 2);
  });

  it('answers /metrics on every process, the book service with the books by status', async () => {
    for (const plan of planProcesses(healthBase)) {
      const answer = await fetch(`http://127.0.0.1:${plan.healthPort}/metrics`);
      expect(answer.status, plan.name).toBe(200);
      expect(await answer.text(), plan.name).toContain('bookwright_nodejs_eventloop_lag_seconds');
    }
    const book = planProcesses(healthBase).find((plan) => plan.service === 'book')!;
    const text = await (await fetch(`http://127.0.0.1:${book.healthPort}/metrics`)).text();
    // The book finished above, at least.
    expect(text).toMatch(/^bookwright_books\{status="ready"\} [1-9]\d*$/m);
    expect(text).toMatch(/^bookwright_books\{status="failed"\} \d+$/m);
  });

  it('stops every process cleanly on SIGINT', async () => {
    launched.child.kill('SIGINT');
    expect(await launched.exited).toBe(0);
    expect(launched.lines.some((line) => line.includes('every process stopped cleanly'))).toBe(true);
  }, 60_000);

  /**
   * Sends `read` in rounds of 24 at once until the log shows both gateway replicas answering 200, and returns
   * every answer. One round proves nothing either way: the cluster hands a new connection to whichever replica
   * is free (a pooled keep-alive connection stays where it is), and a replica's log line reaches the launcher
   * after its answer reaches us. It fails if one replica has answered nothing after ten rounds.
   */
  async function readThroughBothReplicas<T>(read: () => Promise<HttpResponse<T>>): Promise<HttpResponse<T>[]> {
    const before = launched.lines.length;
    const answers: HttpResponse<T>[] = [];
    for (let round = 0; round < 10; round += 1) {
      answers.push(...(await Promise.all(Array.from({ length: 24 }, read))));
      const logged = Date.now() + 2_000;
      while (Date.now() < logged) {
        if (servedBy(launched.lines.slice(before), 200).size === 2) return answers;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(servedBy(launched.lines.slice(before), 200)).toEqual(new Set(['gateway-1', 'gateway-2']));
    return answers;
  }
});

/** The gateway replicas that logged a completed request with this status. */
function servedBy(lines: string[], statuses: number | number[]): Set<string | undefined> {
  const wanted = [statuses].flat();
  return new Set(
    lines
      .filter(
        (line) =>
          line.includes('request completed') && wanted.some((status) => line.includes(`"statusCode":${status}`)),
      )
      .map((line) => line.split(' | ')[0]?.trim()),
  );
}

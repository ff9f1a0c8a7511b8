import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@bookwright/contracts/http';
import { cleanUp, newAccount, type HttpClient } from '../support/test-system';
import { waitForStatus } from '../support/books';
import { planProcesses } from '../../scripts/distributed/topology';
import { nextClientIp, startDistributed, waitForOnlyBook, type DistributedSystem } from '../support/distributed-system';
import { reportDistributedFailures } from '../support/distributed-failure-report';

/**
 * Faults that must not cost an author, with real processes: `npm run start:distributed` against the
 * machine's PostgreSQL and NATS. Needs DATABASE_URL and NATS_URL (CI sets them).
 */
const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;

const plan = {
  prompt: 'A ferry pilot on Lake Bled keeps a logbook of passengers who never disembark.',
  title: 'The Last Crossing',
  language: 'english',
  targetAudience: 'Adult readers',
  genre: 'mystery',
  size: 'short',
};

describe.skipIf(!databaseUrl || !natsUrl)('faults that must not cost an author (distributed)', () => {
  let launched: DistributedSystem;
  reportDistributedFailures(() => launched);
  let db: pg.Client;

  beforeAll(async () => {
    launched = await startDistributed({
      databaseUrl: databaseUrl!,
      natsUrl: natsUrl!,
      env: {
        // A reservation no book confirmed is looked at after 2 s, checked for every 250 ms.
        RESERVATION_CONFIRM_WITHIN_MS: '2000',
        RESERVATION_CHECK_EVERY_MS: '250',
        // A process whose /livez fails for 3 s is restarted (15 s by default).
        LIVENESS_RESTART_AFTER_MS: '3000',
        LIVENESS_POLL_MS: '500',
        // A planning request held by a planner that stopped comes back to another one after 5 s.
        PLANNER_ACK_WAIT_MS: '5000',
      },
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await launched?.stop();
    await db?.end();
    if (launched) await cleanUp({ namespace: launched.namespace, schemaPrefix: launched.schemaPrefix });
  });

  const starterAuthor = async (): Promise<HttpClient> => {
    const client = launched.client({ ip: nextClientIp() });
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
    return client;
  };
  const booksLeft = async (client: HttpClient) =>
    (await client.get<User>('/api/v1/user/current-user')).body.booksLeftThisMonth;
  const library = async (client: HttpClient) =>
    (await client.get<{ _id: string }[] | { data: { _id: string }[] }>('/api/v1/book')).body;
  const reservationState = async (key: string) =>
    (
      await db.query<{ state: string }>(
        `select state from "${launched.schemaPrefix}billing".allowance_consumptions where key = $1`,
        [key],
      )
    ).rows[0]?.state;

  it('gives the allowance back when the book service dies between the reservation and the insert', async () => {
    const client = await starterAuthor();
    expect(await booksLeft(client)).toBe(10);
    const requestId = randomUUID();
    const books = `"${launched.schemaPrefix}book".books`;

    // A transaction that lets the book service read its books but not add one: its create reserves the
    // allowance, then waits on this lock at the insert, which is where the test kills it.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    const bookPid = launched.pidOf('book');
    try {
      await blocker.query('begin');
      await blocker.query(`lock table ${books} in exclusive mode`);
      const creating = client
        .post('/api/v1/agent/plan', plan, { headers: { 'x-request-id': requestId } })
        .catch((error: unknown) => error);
      await expect.poll(() => reservationState(`plan:${requestId}`), { timeout: 30_000 }).toBe('reserved');
      // The insert itself is what waits: the reservation is made and the book not stored.
      await expect
        .poll(
          async () =>
            (await db.query(`select 1 from pg_locks where not granted and relation = $1::regclass`, [books])).rowCount,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      expect(await booksLeft(client)).toBe(9);

      process.kill(bookPid, 'SIGKILL');
      await launched.waitFor(/launcher\s+\| book exited \(signal SIGKILL\)/, 30_000);
      await blocker.query('rollback');
      // The author's request ends without a book (the gateway hears no answer).
      const answer = await creating;
      expect(answer).toMatchObject({ status: expect.any(Number) });
      expect((answer as { status: number }).status).toBeGreaterThanOrEqual(500);
    } finally {
      await blocker.end();
    }

    // No event of a stored book named the reservation by its deadline: billing gives it back by itself,
    // asking nobody (decision 0054).
    await expect.poll(() => booksLeft(client), { timeout: 60_000, interval: 250 }).toBe(10);
    expect(await reservationState(`plan:${requestId}`)).toBe('released');
    await launched.waitFor(new RegExp(`started book \\(pid (?!${bookPid}\\))`), 30_000);
    // Released before the book service is back (nobody asked it): its library answers once it serves again.
    await expect.poll(() => library(client), { timeout: 30_000, interval: 250 }).toEqual([]);

    // The author's retry of that same action (the same X-Request-Id) creates the book and pays once.
    const retried = await client.post('/api/v1/agent/plan', plan, { headers: { 'x-request-id': requestId } });
    expect(retried.status).toBeLessThan(300);
    const again = await client.post('/api/v1/agent/plan', plan, { headers: { 'x-request-id': requestId } });
    expect(again.status).toBeLessThan(300);
    expect(await booksLeft(client)).toBe(9);
    // Kept once the stored book's events reach billing: the reconciliation gives back only what is reserved.
    await expect.poll(() => reservationState(`plan:${requestId}`), { timeout: 30_000 }).toBe('kept');
  }, 180_000);

  it('restarts a planner stopped with SIGSTOP, which then plans the book that waited for it', async () => {
    const client = await starterAuthor();
    const plannerPid = launched.pidOf('planner');
    expect(Number.isInteger(plannerPid)).toBe(true);
    const plannerHealth = planProcesses(launched.healthBase).find((p) => p.name === 'planner')!.healthPort;
    const livez = await fetch(`http://127.0.0.1:${plannerHealth}/livez`);
    expect({ status: livez.status, body: await livez.text() }).toEqual({ status: 200, body: 'live' });

    process.kill(plannerPid, 'SIGSTOP');
    try {
      // The author does not wait for it: the book is stored and its planning request waits on the bus.
      const created = await client.post('/api/v1/agent/plan', plan);
      expect(created.status).toBeLessThan(300);

      await launched.waitFor(
        /launcher\s+\| planner failed its liveness check for \d+ ms \(no answer\): killing it/,
        60_000,
      );
      await launched.waitFor(/launcher\s+\| planner exited \(signal SIGKILL\): restarting/, 30_000);
      await launched.waitFor(new RegExp(`started planner \\(pid (?!${plannerPid}\\))`), 30_000);
      // The new planner plans the book that waited.
      await waitForStatus(client, await waitForOnlyBook(client), 'validation', 120_000);
    } finally {
      // Only if the launcher did not kill it (a failed run): never leave a stopped process behind.
      try {
        process.kill(plannerPid, 'SIGCONT');
      } catch {
        /* already gone */
      }
    }
  }, 240_000);

  it('leaves no process running when the launcher itself is killed with SIGKILL', async () => {
    const started = [launched.child.pid, ...planProcesses(launched.healthBase).map((p) => launched.pidOf(p.name))];
    expect(started.every((pid) => Number.isInteger(pid) && pid! > 0)).toBe(true);
    expect(launched.processes()).toEqual(expect.arrayContaining(started));

    // No clean stop: the services run detached, in process groups of their own, so only their own
    // noticing that the launcher is gone can end them.
    launched.child.kill('SIGKILL');
    await launched.exited;
    await expect.poll(() => launched.processes(), { timeout: 35_000, interval: 250 }).toEqual([]);
  }, 60_000);
});

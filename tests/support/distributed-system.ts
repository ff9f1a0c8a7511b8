import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { collabPorts, planProcesses } from '../../scripts/distributed/topology';
import { testRedeliveryBackoffMs } from '@bookwright/kit/testing';
import { freePorts } from './ports';
import { HttpClient } from './test-system';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run start:distributed` as a child process, with every line it printed. */
export interface DistributedSystem {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
  /** The shared HTTP port both gateway replicas listen on. */
  port: number;
  /** The first collab replica's WebSocket port (the others count up from it). */
  collabPortBase: number;
  healthBase: number;
  namespace: string;
  schemaPrefix: string;
  url: string;
  client(options?: { ip?: string }): HttpClient;
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** The pid of a process the launcher started (`gateway-1`, `writer-2`), from its latest `started` line. */
  pidOf(name: string): number;
  /** The pids of every process of this system still running: the launcher and whatever it started. */
  processes(): number[];
  /**
   * Stops the launcher if it still runs (SIGTERM, its clean stop; SIGKILL if that hangs), then waits until
   * every process of this system is gone. One still running after that is killed, and the stop fails.
   */
  stop(): Promise<void>;
}

/** How long the launcher may take to stop everything: it waits 30 s for a process before SIGKILL. */
const launcherStopMs = 45_000;
/** How long the processes of a launcher that died may take to notice and stop (stop-with-parent.mjs: 30 s). */
const orphanStopMs = 35_000;

/**
 * The pids of the processes started with this BUS_NAMESPACE in their environment. Each system has a
 * namespace of its own, so this finds exactly its launcher and services, whatever became of their parents,
 * and never a process of another test or of someone else. Linux (/proc); elsewhere none are found.
 */
export function processesWithNamespace(namespace: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const wanted = `BUS_NAMESPACE=${namespace}`;
  return entries
    .filter((pid) => {
      try {
        // A zombie's environment reads empty: it has exited and counts as gone.
        return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(wanted);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '(gone)';
  }
}

/**
 * Starts the distributed launcher against the given servers with a namespace and schema prefix of its own,
 * and waits until every process is ready. `env` adds to (and overrides) the test defaults.
 */
export async function startDistributed(options: {
  databaseUrl: string;
  natsUrl: string;
  env?: NodeJS.ProcessEnv;
}): Promise<DistributedSystem> {
  const suffix = randomBytes(4).toString('hex');
  const namespace = `t${suffix}`;
  const schemaPrefix = `t${suffix}_`;
  const port = await freePorts(1);
  const healthBase = await freePorts(planProcesses(0).length);
  const collabPortBase = await freePorts(collabPorts(0).length);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/distributed/main.ts', '--skip-web-build'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl,
      PORT: String(port),
      HEALTH_PORT_BASE: String(healthBase),
      COLLAB_PORT: String(collabPortBase),
      // The collab replicas meet in the machine's Redis (CI runs one); their channels carry the namespace.
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      BUS_NAMESPACE: namespace,
      DATABASE_SCHEMA_PREFIX: schemaPrefix,
      // A failing event reaches its 10th try (a verdict or a dead letter) in a moment, not production's minutes.
      BUS_REDELIVERY_BACKOFF_MS: testRedeliveryBackoffMs.join(','),
      // Tests give each client an address of its own (X-Forwarded-For), so their rate limits never meet.
      TRUST_PROXY: 'true',
      ...options.env,
    },
    // The IPC channel stops the launcher, and everything it started, should this test process die first
    // (scripts/distributed/stop-with-parent.mjs).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Nothing is sent over it: it must not keep this process running.
  child.channel?.unref();
  const lines: string[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  // Piped (above), although the typings cannot tell once stdio holds the IPC channel too.
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  // 'close', not 'exit': only then has everything the launcher printed been read into `lines`.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const system: DistributedSystem = {
    child,
    lines,
    exited,
    port,
    collabPortBase,
    healthBase,
    namespace,
    schemaPrefix,
    url,
    client: (o) => new HttpClient(url, o?.ip),
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
    pidOf(name) {
      const line = [...lines].reverse().find((l) => l.includes(`started ${name} (pid`));
      return Number(/pid (\d+)/.exec(line ?? '')?.[1]);
    },
    processes: () => processesWithNamespace(namespace),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), launcherStopMs).unref());
        if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
        await exited;
      }
      const deadline = Date.now() + orphanStopMs;
      while (system.processes().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const left = system.processes().map((pid) => `${pid} ${commandLine(pid)}`);
      if (left.length === 0) return;
      for (const pid of system.processes()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone meanwhile */
        }
      }
      throw new Error(`processes of the launcher outlived it (killed now):\n${left.join('\n')}`);
    },
  };
  try {
    const processes = planProcesses(0).length;
    await system.waitFor(new RegExp(`is ready on http://localhost:\\d+ with ${processes} processes`), 150_000);
  } catch (error) {
    await system.stop();
    throw error;
  }
  return system;
}

let clients = 0;
/** A documentation-range address (RFC 5737) no other client of this run uses, to send as X-Forwarded-For. */
export function nextClientIp(): string {
  clients += 1;
  return `198.51.${100 + Math.floor(clients / 250)}.${1 + (clients % 250)}`;
}

/** The id of the only book in a fresh account's library, once it appears. */
export async function waitForOnlyBook(client: HttpClient): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const list = await client.get<unknown>('/api/v1/book');
    const body = list.body as { data?: { _id: string }[] } | { _id: string }[];
    const books = Array.isArray(body) ? body : (body.data ?? []);
    if (books[0]) return books[0]._id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the planned book never appeared in the library');
}

/** How often the writer stored each chapter of a book, and how many chapters its plan has. */
export async function writtenChapters(
  db: pg.Client,
  schemaPrefix: string,
  bookId: string,
): Promise<{ timesWritten: number[]; total: number | undefined; leaseOwner: string | null | undefined }> {
  const jobs = `"${schemaPrefix}writer".writing_jobs`;
  const chapters = `"${schemaPrefix}writer".written_chapters`;
  const written = await db.query<{ n: string }>(
    `select count(*) as n from ${chapters} c join ${jobs} j on j.id = c.job_id
      where j.book_id = $1 group by c.chapter_number order by c.chapter_number`,
    [bookId],
  );
  const job = await db.query<{ chapters_total: number; lease_owner: string | null }>(
    `select chapters_total, lease_owner from ${jobs} where book_id = $1`,
    [bookId],
  );
  return {
    timesWritten: written.rows.map((r) => Number(r.n)),
    total: job.rows[0]?.chapters_total,
    leaseOwner: job.rows[0]?.lease_owner,
  };
}

import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTcp } from 'node:net';
import { freePorts } from './ports';

/**
 * NATS and PostgreSQL servers of a test's own, for tests that stop and restart them: the machine's
 * servers are shared with other test runs and must never be touched. Each keeps its data in a temporary
 * directory, so a restart comes back with everything it had.
 */
export interface PrivateServer {
  url: string;
  /** Stops the server as an operator would (SIGTERM for NATS, a fast shutdown for PostgreSQL). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

const natsBinary = '/usr/sbin/nats-server';
/** Debian's server binaries, newest major version installed (15 here; CI images may carry another). */
const postgresBin = join('/usr/lib/postgresql', newestVersion('/usr/lib/postgresql') ?? '15', 'bin');

function newestVersion(dir: string): string | undefined {
  const versions = existsSync(dir) ? readdirSync(dir).filter((name) => /^\d+$/.test(name)) : [];
  return versions.sort((a, b) => Number(b) - Number(a))[0];
}

/** Binaries the private servers need that this machine lacks (CI installs them; see `privateServersUnavailable`). */
export function missingServerBinaries(): string[] {
  return [natsBinary, join(postgresBin, 'initdb'), join(postgresBin, 'postgres')].filter((path) => !existsSync(path));
}

/** Skip (loudly) when the binaries are missing, but fail under CI=true, where they must be installed. */
export function privateServersUnavailable(suite: string): boolean {
  const missing = missingServerBinaries();
  if (missing.length === 0) return false;
  if (process.env.CI) throw new Error(`${suite}: CI=true but ${missing.join(', ')} missing`);
  console.warn(`${suite}: SKIPPED, ${missing.join(', ')} missing (apt-get install nats-server postgresql)`);
  return true;
}

export async function startPrivateNats(): Promise<PrivateServer> {
  const dir = await mkdtemp(join(tmpdir(), 'bw-nats-'));
  const port = await freePorts(1);
  let child: ChildProcess | undefined;
  const server: PrivateServer = {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      child = spawn(natsBinary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
      await waitForPort(port, child);
    },
    async stop() {
      await stopChild(child, 'SIGTERM');
      child = undefined;
    },
    async dispose() {
      await stopChild(child, 'SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

export async function startPrivatePostgres(): Promise<PrivateServer> {
  const dir = await mkdtemp(join(tmpdir(), 'bw-pg-'));
  const data = join(dir, 'data');
  const port = await freePorts(1);
  // PostgreSQL refuses to run as root: as root, run it as the `postgres` user, owner of the directory.
  const asUser = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (asUser) await chown(dir, asUser.uid, asUser.gid);
  const options = { stdio: 'ignore' as const, ...(asUser ?? {}) };
  await new Promise<void>((resolve, reject) => {
    const init = spawn(
      join(postgresBin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'],
      options,
    );
    init.once('error', reject);
    init.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with ${code}`))));
  });
  let child: ChildProcess | undefined;
  const server: PrivateServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      child = spawn(
        join(postgresBin, 'postgres'),
        ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
        options,
      );
      await waitForPort(port, child);
    },
    async stop() {
      // SIGINT is PostgreSQL's fast shutdown: open sessions are cut, as in a restart by an operator.
      await stopChild(child, 'SIGINT');
      child = undefined;
    },
    async dispose() {
      await stopChild(child, 'SIGINT');
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${String(child.spawnfile)} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connectTcp({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { cleanUp } from '../../tests/support/test-system';
import { freePorts } from '../../tests/support/ports';

export type Mode = 'embedded' | 'distributed';

export interface SystemProcess {
  url: string;
  /** CPU time (user + system) the process and its children have used so far, in ms (Linux /proc). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * CPU time of `root` and every process under it, from /proc: on a machine where the load generator shares
 * the cores with the system, what a request costs in CPU is steadier than what it takes in time.
 */
async function treeCpuMs(root: number | undefined): Promise<number> {
  if (root === undefined) return 0;
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name may hold spaces: the fields after it start past the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 13) continue;
    stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  let ticks = 0;
  for (const [pid, stat] of stats) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = stats.get(at)?.parent) {
      if (at === root) {
        ticks += stat.ticks;
        break;
      }
    }
  }
  return ticks / ticksPerMs;
}

const root = new URL('../..', import.meta.url).pathname;

/**
 * The product as its users run it, in child processes so the load generator does not share their event
 * loop: `npm start`'s all-in-one process (embedded), or `npm run start:distributed` (real PostgreSQL and
 * NATS from DATABASE_URL / NATS_URL, with a schema prefix and bus namespace of its own, removed after).
 */
export async function startSystemProcess(mode: Mode, extraEnv: Record<string, string> = {}): Promise<SystemProcess> {
  const port = await freePorts(1);
  const dataDir = await mkdtemp(join(tmpdir(), 'bookwright-load-'));
  const suffix = randomBytes(4).toString('hex');
  const namespace = `load${suffix}`;
  const schemaPrefix = `load${suffix}_`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...extraEnv,
  };
  let args: string[];
  if (mode === 'embedded') {
    delete env.DATABASE_URL;
    delete env.NATS_URL;
    // As `npm start` runs it, with its node flags: the bundled server (rebuilt first if its sources changed).
    args = await npmStartArgs();
  } else {
    if (!env.DATABASE_URL || !env.NATS_URL) throw new Error('the distributed mode needs DATABASE_URL and NATS_URL');
    Object.assign(env, {
      BUS_NAMESPACE: namespace,
      DATABASE_SCHEMA_PREFIX: schemaPrefix,
      HEALTH_PORT_BASE: String(await freePorts(10)),
    });
    args = ['--import', 'tsx', 'scripts/distributed/main.ts', '--skip-web-build'];
  }
  // Extra node flags for the system's process, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to
  // profile it under load (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root,
    env,
    // BENCH_STDOUT=1 passes its standard output through: the distributed launcher's prefixed lines of every
    // service, where V8's traces go (SERVICE_NODE_ARGS="--trace-gc --trace-opt --trace-deopt").
    stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    // BENCH_STDERR=1 passes the system's own output through, for a temporary trace while profiling.
    if (process.env.BENCH_STDERR) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // BENCH_START_SECONDS: on a machine shared with other builds (load average 30 and more on two cores),
  // initdb and the migrations alone can take longer than the default.
  const deadline = Date.now() + Number(process.env.BENCH_START_SECONDS ?? 180) * 1000;
  for (;;) {
    const health = await fetch(`${url}/api/v1/health`).then(
      (res) => (res.ok ? (res.json() as Promise<{ status: string }>) : undefined),
      () => undefined,
    );
    if (health?.status === 'ok') break;
    if (child.exitCode !== null || Date.now() > deadline) {
      // A system that is still starting would outlive the bench: stop it.
      child.kill('SIGTERM');
      throw new Error(`the ${mode} system did not start:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    cpuMs: () => treeCpuMs(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (mode === 'distributed') await cleanUp({ namespace, schemaPrefix });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify anchor (bench/load/bare-server.ts unless told another) in a child process of its own. */
export async function startBareServer(
  script = 'bench/load/bare-server.ts',
  extraEnv: Record<string, string> = {},
): Promise<SystemProcess> {
  const port = await freePorts(1);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...extraEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => treeCpuMs(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The arguments `npm start` gives node (package.json's start script: its flags, then the script). */
async function npmStartArgs(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(' ').filter(Boolean);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: the bench cannot run it as npm does`);
  return args;
}

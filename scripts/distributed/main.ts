import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Launcher } from './launcher';
import { ensureWebBuild } from '../start/builds.mjs';
// Started with an IPC channel (the tests start it so), it stops everything when its parent is gone.
import './stop-with-parent.mjs';

/**
 * `npm run start:distributed`: every service as its own process (two gateways, two writers) against the
 * PostgreSQL and NATS given by DATABASE_URL and NATS_URL. Ctrl-C stops them all cleanly.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;

if (!env.DATABASE_URL || !env.NATS_URL) {
  process.stderr.write(
    [
      'The distributed mode needs a PostgreSQL server and a NATS server with JetStream.',
      'Set both URLs, for example:',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/bookwright NATS_URL=nats://127.0.0.1:4222 npm run start:distributed',
      'To get the servers: `docker compose up -d nats postgres` (compose.yaml), or install them',
      '(Debian: apt-get install postgresql nats-server; run nats-server with -js).',
      'Without them, `npm start` runs the whole product in one process with embedded defaults.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const port = Number(env.PORT ?? 8080);
const healthPortBase = Number(env.HEALTH_PORT_BASE ?? 9100);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(healthPortBase) || healthPortBase < 1) {
  process.stderr.write('PORT and HEALTH_PORT_BASE must be port numbers.\n');
  process.exit(1);
}

/** A duration from the environment; the default when unset, and a stop when it is not a positive number. */
function positiveMs(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    process.stderr.write(`${value} is not a duration in milliseconds.\n`);
    process.exit(1);
  }
  return ms;
}

// Tests pass --skip-web-build: they exercise the API, and the browser suites build the app on their own.
if (!process.argv.includes('--skip-web-build'))
  await ensureWebBuild(root, (line) => process.stdout.write(`${'launcher'.padEnd(9)} | ${line}\n`));

// For profiling: SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" SERVICE_NODE_ARGS_FOR=writer,book
const serviceNodeArgs = (env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const serviceNodeArgsFor = (env.SERVICE_NODE_ARGS_FOR ?? '').split(',').filter(Boolean);

const launcher = new Launcher({
  root,
  env: { ...env, LOG_PRETTY: env.LOG_PRETTY ?? String(process.stdout.isTTY === true) },
  port,
  healthPortBase,
  out: (line) => process.stdout.write(`${line}\n`),
  restartUnliveAfterMs: positiveMs(env.LIVENESS_RESTART_AFTER_MS, 15_000),
  livenessPollMs: positiveMs(env.LIVENESS_POLL_MS, 1_000),
  ...(serviceNodeArgs.length > 0
    ? {
        serviceNodeArgs: {
          args: serviceNodeArgs,
          ...(serviceNodeArgsFor.length > 0 ? { services: new Set(serviceNodeArgsFor) } : {}),
        },
      }
    : {}),
});

const stop = (signal: string) => {
  process.stdout.write(`\n${signal} received: stopping every process…\n`);
  void launcher.stop().then((code) => process.exit(code));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

launcher.start();
try {
  await launcher.waitUntilReady();
  process.stdout.write(
    `${'launcher'.padEnd(9)} | Bookwright (distributed) is ready on http://localhost:${port} with ${launcher.processes.length} processes\n`,
  );
} catch (error) {
  process.stderr.write(`${String(error)}\n`);
  process.exit(await launcher.stop().then(() => 1));
}

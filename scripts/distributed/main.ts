import { randomBytes } from 'node:crypto';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localSecretKeys } from '@bookwright/webhooks/local-secret-keys';
import { Launcher } from './launcher';
import { ensureWebBuild } from '../start/builds.mjs';
// Started with an IPC channel (the tests start it so), it stops everything when its parent is gone.
import './stop-with-parent.mjs';

/**
 * `npm run start:distributed`: every service as its own process (two gateways, two writers, two collab
 * replicas) against the PostgreSQL, NATS and Redis given by DATABASE_URL, NATS_URL and REDIS_URL. Ctrl-C stops them all cleanly.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;

if (!env.DATABASE_URL || !env.NATS_URL || !env.REDIS_URL) {
  process.stderr.write(
    [
      'The distributed mode needs a PostgreSQL server, a NATS server with JetStream, and Redis (the collab',
      'replicas meet there). Set the three URLs, for example:',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/bookwright NATS_URL=nats://127.0.0.1:4222 REDIS_URL=redis://127.0.0.1:6379 npm run start:distributed',
      'To get the servers: `docker compose up -d nats postgres redis` (compose.yaml), or install them',
      '(Debian: apt-get install postgresql nats-server redis-server; run nats-server with -js).',
      'Without them, `npm start` runs the whole product in one process with embedded defaults.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const port = Number(env.PORT ?? 8080);
const healthPortBase = Number(env.HEALTH_PORT_BASE ?? 9100);
const collabPortBase = Number(env.COLLAB_PORT ?? 8090);
const isPort = (value: number) => Number.isInteger(value) && value >= 1 && value <= 65535;
if (!Number.isInteger(port) || port < 0 || port > 65535 || !isPort(healthPortBase) || !isPort(collabPortBase)) {
  process.stderr.write('PORT, HEALTH_PORT_BASE and COLLAB_PORT must be port numbers.\n');
  process.exit(1);
}
// The gateways sign collab tokens and the collab replicas check them: one key for this run when none is set.
const collabTokenSecret = env.COLLAB_TOKEN_SECRET || randomBytes(32).toString('base64url');
// The user service stores API tokens as HMACs under this key (decision 0045): one for the run, so a user
// service the launcher restarts still knows the tokens made before.
const apiTokenHashSecret = env.API_TOKEN_HASH_SECRET || randomBytes(32).toString('base64url');
// The webhooks service seals endpoints' secrets under this (decision 0052): kept in DATA_DIR, not made per run,
// because the sealed secrets outlive the run in PostgreSQL.
const webhookSecretKeys = env.WEBHOOK_SECRET_KEYS || (await localSecretKeys(env.DATA_DIR || join(root, 'data')));

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
  env: {
    ...env,
    LOG_PRETTY: env.LOG_PRETTY ?? String(process.stdout.isTTY === true),
    COLLAB_TOKEN_SECRET: collabTokenSecret,
    API_TOKEN_HASH_SECRET: apiTokenHashSecret,
    WEBHOOK_SECRET_KEYS: webhookSecretKeys,
  },
  port,
  healthPortBase,
  collabPortBase,
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

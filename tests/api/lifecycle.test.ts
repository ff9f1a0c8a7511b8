import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp } from '../support/test-system';

const root = new URL('../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(
  entry: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_PRETTY: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitFor(url: string, status: number, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.status === status) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered ${status}`);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('a service run as its own process', () => {
  it(
    'reports liveness, readiness and metrics, then stops gracefully on SIGTERM with exit code 0',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'bookwright-lifecycle-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const healthPort = await freePort();
      const suffix = randomBytes(4).toString('hex');
      const service = run('services/user/src/main.ts', {
        DATA_DIR: dataDir,
        HEALTH_PORT: String(healthPort),
        BUS_NAMESPACE: `t${suffix}`,
        DATABASE_SCHEMA_PREFIX: `t${suffix}_`,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
      });
      cleanups.push(async () => {
        if (service.child.exitCode === null) service.child.kill('SIGKILL');
        await cleanUp({ namespace: `t${suffix}`, schemaPrefix: `t${suffix}_` });
      });
      await waitFor(`http://127.0.0.1:${healthPort}/healthz`, 200);
      await waitFor(`http://127.0.0.1:${healthPort}/readyz`, 200);
      const livez = await fetch(`http://127.0.0.1:${healthPort}/livez`);
      expect({ status: livez.status, body: await livez.text() }).toEqual({ status: 200, body: 'live' });
      const metrics = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      const text = await metrics.text();
      expect(text).toContain('bookwright_process_cpu_user_seconds_total');
      expect(text).toMatch(/^bookwright_outbox_backlog\{service="user"\} 0$/m);
      expect(text).toContain('# TYPE bookwright_bus_request_handling_seconds histogram');
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);
      expect(service.output()).toContain('"msg":"stopped"');
    },
  );

  it('refuses to start with bad configuration and names every bad variable', async () => {
    const gateway = run('services/gateway/src/main.ts', { PORT: 'eighty', NATS_URL: 'http://nats', LOG_LEVEL: 'loud' });
    expect(await gateway.exit).toBe(1);
    const output = gateway.output();
    expect(output).toMatch(/PORT has a bad value/);
    expect(output).toMatch(/NATS_URL has a bad value/);
    expect(output).toMatch(/LOG_LEVEL has a bad value/);
  });
});

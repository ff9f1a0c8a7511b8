import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { createBus, on, silentLogger, type Bus } from '@bookwright/kit';
import { cleanUp } from '../support/test-system';

/**
 * Decision 0049 with real processes: a planner killed with SIGKILL while it waits out its back-off before
 * the next try of a planning request loses nothing; the next planner plans the book. Only a planner and
 * NATS run (the planner owns no database), so the test costs two process starts. Needs NATS_URL.
 */
const natsUrl = process.env.NATS_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Planner {
  child: ChildProcess;
  lines: string[];
}

describe.skipIf(!natsUrl)('a consumer killed during a back-off wait (distributed)', () => {
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const started: Planner[] = [];
  let bus: Bus | undefined;
  let unreachableModel: Server | undefined;

  afterAll(async () => {
    for (const { child } of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await bus?.close();
    await new Promise((done) => unreachableModel?.close(done) ?? done(undefined));
    // The namespace's streams (events, dead letters, blobs); the planner made no schema.
    await cleanUp({ namespace, schemaPrefix: `${namespace}_` });
  });

  /** A model endpoint that is always down: every planning try fails and waits out a back-off step. */
  const startUnreachableModel = async (): Promise<string> => {
    unreachableModel = createServer((_request, response) => response.writeHead(503).end('{"error":"down"}'));
    await new Promise<void>((listening) => unreachableModel!.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${(unreachableModel.address() as AddressInfo).port}/v1`;
  };

  const startPlanner = (env: NodeJS.ProcessEnv): Planner => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/planner/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        LOG_PRETTY: 'false',
        NATS_URL: natsUrl,
        BUS_NAMESPACE: namespace,
        HEALTH_PORT: '0',
        // Long enough that the kill lands in a wait, short enough that the next planner soon gets the request.
        BUS_REDELIVERY_BACKOFF_MS: '1000',
        PLANNER_ACK_WAIT_MS: '3000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const planner = { child, lines: [] as string[] };
    const collect = (chunk: Buffer) => planner.lines.push(...chunk.toString('utf8').split('\n'));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    started.push(planner);
    return planner;
  };

  const logged = (planner: Planner, message: string) =>
    planner.lines.some((line) => line.includes(`"msg":"${message}"`));

  it('plans the book on the next planner after the first is killed while it waits to try again', async () => {
    bus = await createBus({ natsUrl, namespace, logger: silentLogger(), name: 'redelivery-test' });
    const built: { bookId: string; attempt: number }[] = [];
    await bus.consume('redelivery-test-observer', [on(events.planBuilt, async (data) => void built.push(data))]);

    const first = startPlanner({
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: await startUnreachableModel(),
      OPENAI_API_KEY: 'test',
      LLM_MAX_RETRIES: '0',
    });
    const exited = new Promise((done) => first.child.once('exit', done));
    await bus.publish(events.bookPlanningRequested, {
      bookId: 'book-killed-planner',
      userId: 'user-1',
      attempt: 1,
      brief: {
        prompt: 'A lighthouse keeper counts ships that are not on any chart.',
        title: 'Uncharted',
        language: 'english',
        targetAudience: 'Adults',
        genre: 'mystery',
        size: 'short',
      },
    });

    // The try failed and the request is waiting out its back-off step: kill the planner there.
    await expect.poll(() => logged(first, 'event handler failed: will redeliver'), { timeout: 60_000 }).toBe(true);
    first.child.kill('SIGKILL');
    await exited;
    expect(built).toEqual([]);

    const second = startPlanner({ LLM_PROVIDER: 'offline' });
    await expect
      .poll(() => built, { timeout: 60_000 })
      .toEqual([expect.objectContaining({ bookId: 'book-killed-planner', attempt: 1 })]);
    expect(logged(second, 'event dead-lettered')).toBe(false);
    expect(await bus.deadLetters('planner')).toEqual([]);
  }, 150_000);
});

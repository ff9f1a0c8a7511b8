// @vitest-environment node
// Pinned: NATS rejects jsdom's Uint8Array, and a project with a jsdom default may collect this file.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connect } from '@nats-io/transport-node';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { defineEvent, defineRequest, defineStream } from '@bookwright/contracts/bus';
import { createLogger, type Logger } from '../logger/logger';
import { on, type Bus, type EventMeta } from './bus';
import { createInProcessBus } from './in-process/in-process-bus';
import { connectNatsBus } from './nats/nats-bus';
import { HANDLER_TRIES_BEFORE_DEAD_LETTER as lastTry } from './redelivery';
import { dropBusNamespace } from './testing';
import { appErrorFrom } from '@bookwright/contracts/testing';

/*
 * One behavioural suite for every adapter: what passes against the in-process bus must pass against
 * NATS (set NATS_URL to run it there too). Each NATS test gets its own namespace, so streams, durables
 * and subjects never leak from one test into the next.
 */

const natsUrl = process.env.NATS_URL;

// Test-only contracts ---------------------------------------------------------------------------------------

const greet = defineRequest({
  name: 'test.greet',
  version: 1,
  request: z.object({ name: z.string().min(1, 'Name is required') }),
  response: z.object({ greeting: z.string(), polite: z.boolean().default(true) }),
  description: 'Greets someone.',
});
/** Same subject, looser schema: lets a caller send what the responder must reject. */
const greetLax = defineRequest({
  name: 'test.greet',
  version: 1,
  request: z.object({ name: z.string() }),
  response: greet.response,
  description: 'Greets someone, unchecked.',
});
const fail = defineRequest({
  name: 'test.fail',
  version: 1,
  request: z.object({ kind: z.enum(['app-error', 'crash', 'bad-reply', 'raw', 'wrapped']) }),
  response: z.object({ ok: z.literal(true) }),
  description: 'Fails on purpose.',
});
const slow = defineRequest({
  name: 'test.slow',
  version: 1,
  request: z.object({}),
  response: z.object({ done: z.boolean() }),
  description: 'Answers late.',
});
const nobody = defineRequest({
  name: 'test.nobody',
  version: 1,
  request: z.object({}),
  response: z.object({}),
  description: 'Has no responder.',
});
const whoami = defineRequest({
  name: 'test.whoami',
  version: 1,
  request: z.object({ n: z.number() }),
  response: z.object({ replica: z.string() }),
  description: 'Says which replica answered.',
});

const count = defineStream({
  name: 'test.count',
  version: 1,
  request: z.object({
    to: z.number().int().min(1, 'Count to at least 1'),
    then: z.enum(['end', 'app-error', 'crash', 'wait']).default('end'),
  }),
  delta: z.object({ n: z.number().int() }),
  description: 'Counts from 1, then ends, fails or waits to be cancelled.',
});

/** Beats fast enough that a silent side is noticed within a test, slow enough for a loaded machine. */
const streamPacing = { beatMs: 100, idleMs: 1_500 };

const noted = defineEvent({
  name: 'test.noted',
  version: 1,
  schema: z.object({ n: z.number().int(), note: z.string().min(1) }),
  description: 'Something was noted.',
});
/** Same subject, looser schema: lets a publisher store what consumers must treat as poison. */
const notedLax = defineEvent({
  name: 'test.noted',
  version: 1,
  schema: z.object({ n: z.number(), note: z.string() }),
  description: 'Something was noted, unchecked.',
});

// Helpers -------------------------------------------------------------------------------------------------

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const ERROR_LEVEL = 50;

function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
  return { logger: createLogger({ service: 'bus-test', level: 'debug', pretty: false, destination }), lines };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

interface Adapter {
  name: string;
  skip: boolean;
  open: (namespace: string, logger: Logger) => Promise<Bus>;
}

const adapters: Adapter[] = [
  {
    name: 'in-process',
    skip: false,
    open: async (namespace, logger) => createInProcessBus({ logger, namespace, streamPacing }),
  },
  {
    name: 'nats',
    skip: !natsUrl,
    open: (namespace, logger) =>
      connectNatsBus({ servers: natsUrl ?? '', namespace, logger, name: 'bus-contract-test', streamPacing }),
  },
];

// The suite -----------------------------------------------------------------------------------------------

for (const adapter of adapters) {
  describe.skipIf(adapter.skip)(`bus contract: ${adapter.name}`, () => {
    const opened: { bus: Bus; namespace: string }[] = [];

    afterEach(async () => {
      for (const { bus, namespace } of opened.splice(0)) {
        await bus.close();
        // The event stream and any dead-letter streams.
        if (adapter.name === 'nats' && natsUrl) await dropBusNamespace(natsUrl, namespace);
      }
    });

    async function open(): Promise<{ bus: Bus; logs: LogLine[] }> {
      const { bus, logs } = await openWithNamespace();
      return { bus, logs };
    }

    async function openWithNamespace(): Promise<{ bus: Bus; logs: LogLine[]; namespace: string }> {
      const namespace = `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const { logger, lines } = captureLogger();
      const bus = await adapter.open(namespace, logger);
      opened.push({ bus, namespace });
      return { bus, logs: lines, namespace };
    }

    describe('requests', () => {
      it('carries the extra fields of a 4xx error to the caller, never those of a 5xx', async () => {
        const { bus } = await open();
        await bus.serve(greet, async ({ name }) => {
          if (name === 'client')
            throw new AppError(400, 'Missing required metadata', { extra: { issues: ['author'] } });
          throw new AppError(500, 'boom', { extra: { secret: 'internal detail' } });
        });
        const clientError = await bus.request(greet, { name: 'client' }).catch((error: unknown) => error);
        expect(clientError).toBeInstanceOf(AppError);
        expect((clientError as AppError).extra).toEqual({ issues: ['author'] });
        const serverError = await bus.request(greet, { name: 'server' }).catch((error: unknown) => error);
        expect((serverError as AppError).extra).toBeUndefined();
      });

      it('carries requests and replies larger than one NATS message (a long manuscript)', async () => {
        const { bus } = await open();
        await bus.serve(greet, async ({ name }) => ({ greeting: `${name}!` }));
        // 3 MB of four-byte characters: three times NATS' default max_payload.
        const name = '😀'.repeat(750_000);
        const reply = await bus.request(greet, { name });
        expect(reply.greeting).toBe(`${name}!`);
        // And the small ones still travel in the message itself.
        expect((await bus.request(greet, { name: 'Ada' })).greeting).toBe('Ada!');
      });

      it('round-trips a validated request and reply, carrying the request id', async () => {
        const { bus } = await open();
        const seenIds: string[] = [];
        await bus.serve(greet, async ({ name }, { requestId }) => {
          seenIds.push(requestId);
          return { greeting: `Hello ${name}` };
        });

        await expect(bus.request(greet, { name: 'Ada' }, { requestId: 'req-1' })).resolves.toEqual({
          greeting: 'Hello Ada',
          polite: true,
        });
        await expect(bus.request(greet, { name: 'Bob' })).resolves.toEqual({ greeting: 'Hello Bob', polite: true });
        expect(seenIds[0]).toBe('req-1');
        expect(seenIds[1]).toMatch(/.+/);
      });

      it('passes an AppError through with its status, message and code', async () => {
        const { bus } = await open();
        await bus.serve(fail, async () => {
          throw new AppError(409, 'That name is taken', { code: 'name_taken' });
        });

        const error = await appErrorFrom(bus.request(fail, { kind: 'app-error' }));
        expect(error.status).toBe(409);
        expect(error.message).toBe('That name is taken');
        expect(error.code).toBe('name_taken');
      });

      it('turns any other error into a generic 500 and logs the details on the responder', async () => {
        const { bus, logs } = await open();
        await bus.serve(fail, async ({ kind }) => {
          if (kind === 'crash') throw new Error('database exploded');
          return { ok: false } as unknown as { ok: true };
        });

        const crash = await appErrorFrom(bus.request(fail, { kind: 'crash' }));
        expect(crash.status).toBe(500);
        expect(crash.message).toBe(apiMessages.internal);
        expect(
          logs.some((line) => line.level >= ERROR_LEVEL && JSON.stringify(line).includes('database exploded')),
        ).toBe(true);

        const badReply = await appErrorFrom(bus.request(fail, { kind: 'bad-reply' }));
        expect(badReply.status).toBe(500);
        expect(badReply.message).toBe(apiMessages.internal);
      });

      it('answers 503 "temporarily unavailable" when the handler failed because the database is unreachable', async () => {
        const { bus } = await open();
        const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        await bus.serve(fail, async ({ kind }) => {
          // Raw, and wrapped the way handlers wrap a failed transaction in a generic 500.
          if (kind === 'raw') throw refused();
          throw new AppError(500, 'Failed to create book', { cause: refused() });
        });

        for (const kind of ['raw', 'wrapped'] as const) {
          const error = await appErrorFrom(bus.request(fail, { kind }));
          expect(error.status).toBe(503);
          expect(error.message).toBe(apiMessages.unavailable);
        }
      });

      it('answers 400 with the first issue when the payload breaks the contract, on either side', async () => {
        const { bus } = await open();
        let calls = 0;
        await bus.serve(greet, async ({ name }) => {
          calls += 1;
          return { greeting: name };
        });

        const callerSide = await appErrorFrom(bus.request(greet, { name: '' }));
        expect(callerSide.status).toBe(400);
        expect(callerSide.message).toBe('Name is required');

        const responderSide = await appErrorFrom(bus.request(greetLax, { name: '' }));
        expect(responderSide.status).toBe(400);
        expect(responderSide.message).toBe('Name is required');
        expect(calls).toBe(0);
      });

      it('rejects with 503 when the answer does not come in time', async () => {
        const { bus } = await open();
        const release = deferred();
        await bus.serve(slow, async () => {
          await release.promise;
          return { done: true };
        });

        // Each request keeps its own time: the shorter one gives up first, while the other still waits. Told
        // by their order, not by the clock, which a loaded machine stretches.
        const started = Date.now();
        const given: string[] = [];
        const shorter = appErrorFrom(bus.request(slow, {}, { timeoutMs: 300 })).finally(() => given.push('300 ms'));
        const longer = appErrorFrom(bus.request(slow, {}, { timeoutMs: 1_500 })).finally(() => given.push('1500 ms'));
        const error = await shorter;
        const elapsed = Date.now() - started;
        expect(given).toEqual(['300 ms']);
        expect((await longer).status).toBe(503);
        release.resolve();
        expect(given).toEqual(['300 ms', '1500 ms']);
        expect(error.status).toBe(503);
        expect(error.message).toBe(apiMessages.unavailable);
        expect(elapsed).toBeGreaterThanOrEqual(250);
      });

      it('rejects with 503 at once when nobody serves the request', async () => {
        const { bus } = await open();
        const started = Date.now();
        const error = await appErrorFrom(bus.request(nobody, {}, { timeoutMs: 5_000 }));
        expect(error.status).toBe(503);
        expect(error.message).toBe(apiMessages.unavailable);
        expect(Date.now() - started).toBeLessThan(1_000);
      });

      it('gives each request to one member of a queue group', async () => {
        const { bus } = await open();
        const handled: { replica: string; n: number }[] = [];
        for (const replica of ['a', 'b']) {
          await bus.serve(
            whoami,
            async ({ n }) => {
              handled.push({ replica, n });
              return { replica };
            },
            { queue: 'whoami-workers' },
          );
        }

        const replies = await Promise.all(Array.from({ length: 20 }, (_, n) => bus.request(whoami, { n })));
        expect(handled).toHaveLength(20);
        expect(new Set(handled.map((entry) => entry.n)).size).toBe(20);
        expect(new Set(replies.map((reply) => reply.replica))).toEqual(new Set(['a', 'b']));
      });
    });

    describe('events', () => {
      it('delivers a published event with its metadata', async () => {
        const { bus } = await open();
        const received: { data: { n: number; note: string }; meta: EventMeta }[] = [];
        await bus.consume('notes', [on(noted, async (data, meta) => void received.push({ data, meta }))]);

        await bus.publish(noted, { n: 1, note: 'first' }, { id: 'evt-1', correlationId: 'corr-1' });
        await waitFor('the event', () => received.length === 1);
        const [first] = received;
        expect(first?.data).toEqual({ n: 1, note: 'first' });
        expect(first?.meta).toMatchObject({
          id: 'evt-1',
          name: 'test.noted',
          version: 1,
          correlationId: 'corr-1',
          deliveryCount: 1,
        });
        expect(Number.isNaN(Date.parse(first?.meta.occurredAt ?? ''))).toBe(false);
      });

      it("reports its running consumers' backlog for the liveness check: nothing waits once taken", async () => {
        const { bus } = await open();
        const before = Date.now();
        const received: number[] = [];
        const subscription = await bus.consume('backlog', [on(noted, async ({ n }) => void received.push(n))]);
        await bus.publish(noted, { n: 1, note: 'first' });
        await waitFor('the event', () => received.length === 1);

        const backlog = await bus.backlog!();
        expect(backlog).toHaveLength(1);
        expect(backlog[0]!.consumer).toContain('backlog');
        expect(backlog[0]!.waiting).toBe(0);
        expect(backlog[0]!.lastStartedAt).toBeGreaterThanOrEqual(before);

        await subscription.stop();
        expect(await bus.backlog!()).toEqual([]);
      });

      it('gives a durable created after publishing the events published before it', async () => {
        const { bus } = await open();
        for (const n of [1, 2, 3]) await bus.publish(noted, { n, note: `note ${n}` });

        const seen: number[] = [];
        await bus.consume('late', [on(noted, async ({ n }) => void seen.push(n))]);
        await waitFor('the earlier events', () => seen.length === 3);
        expect([...seen].sort()).toEqual([1, 2, 3]);
      });

      it('stores an event id once within the dedup window', async () => {
        const { bus } = await open();
        const seen: string[] = [];
        await bus.consume('dedup', [on(noted, async (_data, meta) => void seen.push(meta.id))]);

        await bus.publish(noted, { n: 1, note: 'once' }, { id: 'same-id' });
        await bus.publish(noted, { n: 1, note: 'once' }, { id: 'same-id' });
        await bus.publish(noted, { n: 2, note: 'after' }, { id: 'sentinel' });
        await waitFor('the sentinel', () => seen.includes('sentinel'));
        await sleep(200);
        expect(seen.filter((id) => id === 'same-id')).toHaveLength(1);
      });

      it('redelivers after a handler throws, then stops once it succeeds', async () => {
        const { bus } = await open();
        const deliveries: number[] = [];
        await bus.consume(
          'flaky',
          [
            on(noted, async (_data, meta) => {
              deliveries.push(meta.deliveryCount);
              if (meta.deliveryCount === 1) throw new Error('transient failure');
            }),
          ],
          { backoffMs: [100] },
        );

        await bus.publish(noted, { n: 1, note: 'retry me' });
        await waitFor('the redelivery', () => deliveries.length === 2);
        await sleep(400);
        expect(deliveries).toEqual([1, 2]);
      });

      it('redelivers an event that is not acked within the ack wait', async () => {
        const { bus } = await open();
        const deliveries: { count: number; at: number }[] = [];
        const release = deferred();
        await bus.consume(
          'hanging',
          [
            on(noted, async (_data, meta) => {
              deliveries.push({ count: meta.deliveryCount, at: Date.now() });
              if (meta.deliveryCount === 1) await release.promise;
            }),
          ],
          { ackWaitMs: 1_000 },
        );

        await bus.publish(noted, { n: 1, note: 'slow' });
        await waitFor('the redelivery after the ack wait', () => deliveries.length === 2, 6_000);
        release.resolve();
        const [first, second] = deliveries;
        expect([first?.count, second?.count]).toEqual([1, 2]);
        // Not earlier than the ack wait (a little slack for timer granularity).
        expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
        await sleep(300);
        expect(deliveries).toHaveLength(2);
      });

      it('does not redeliver an event whose handler says it is still working past the ack wait', async () => {
        const { bus, logs } = await open();
        const deliveries: number[] = [];
        let finished = 0;
        await bus.consume(
          'patient',
          [
            on(noted, async (_data, meta) => {
              deliveries.push(meta.deliveryCount);
              // Three ack waits long, with a word to the bus every third of one.
              for (let beat = 0; beat < 9; beat += 1) {
                await sleep(333);
                meta.working();
              }
              finished += 1;
            }),
          ],
          { ackWaitMs: 1_000 },
        );

        await bus.publish(noted, { n: 1, note: 'long' }, { id: 'long-1' });
        await waitFor('the handler to finish', () => finished === 1, 10_000);
        await sleep(1_300);
        expect(deliveries).toEqual([1]);
        expect(logs.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
      });

      it('shares the work between consumers with the same durable name', async () => {
        const { bus } = await open();
        const handled: { replica: string; n: number }[] = [];
        for (const replica of ['a', 'b']) {
          await bus.consume('shared', [on(noted, async ({ n }) => void handled.push({ replica, n }))]);
        }

        for (let n = 0; n < 20; n += 1) await bus.publish(noted, { n, note: `note ${n}` });
        await waitFor('all events', () => new Set(handled.map((entry) => entry.n)).size === 20);
        await sleep(300);
        expect(handled).toHaveLength(20);
      });

      it('keeps separate durables independent: each gets every event', async () => {
        const { bus } = await open();
        const byDurable: Record<string, number[]> = { first: [], second: [] };
        for (const durable of ['first', 'second']) {
          await bus.consume(durable, [on(noted, async ({ n }) => void byDurable[durable]?.push(n))]);
        }

        for (const n of [1, 2]) await bus.publish(noted, { n, note: 'x' });
        await waitFor('both durables', () => byDurable.first?.length === 2 && byDurable.second?.length === 2);
      });
    });

    describe('redelivery without limit, and dead letters', () => {
      const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      const deadLetterLogs = (logs: LogLine[], eventId: string) =>
        logs.filter(
          (line) => line.level >= ERROR_LEVEL && line.msg === 'event dead-lettered' && line.eventId === eventId,
        );

      it('loses nothing to an outage longer than any back-off step, even past the last try', async () => {
        const { bus } = await open();
        const outage = { down: true };
        const deliveries: number[] = [];
        await bus.consume(
          'outlasting',
          [
            on(noted, async (_data, meta) => {
              deliveries.push(meta.deliveryCount);
              if (outage.down) throw refused();
            }),
          ],
          { backoffMs: [10, 30] },
        );

        await bus.publish(noted, { n: 1, note: 'wait for the database' }, { id: 'outage-1' });
        // Past every back-off step and past the tries that would dead-letter any other failure.
        await waitFor('deliveries beyond the last try', () => deliveries.length >= lastTry + 3, 10_000);
        outage.down = false;
        await waitFor('the event handled', () => deliveries.length >= lastTry + 4, 10_000);
        expect(await bus.deadLetters('outlasting')).toEqual([]);
      });

      it('loses nothing when its consumer stops during a back-off wait: the next one gets it', async () => {
        const { bus } = await open();
        const handled: string[] = [];
        let failures = 0;
        const first = await bus.consume(
          'restarting',
          [
            on(noted, async () => {
              failures += 1;
              throw refused();
            }),
          ],
          { backoffMs: [300] },
        );
        await bus.publish(noted, { n: 1, note: 'survive the stop' }, { id: 'stop-1' });
        await waitFor('the first failure', () => failures === 1);
        await first.stop();
        await bus.consume('restarting', [on(noted, async (_data, meta) => void handled.push(meta.id))], {
          backoffMs: [300],
        });
        await waitFor('the event handled by the next consumer', () => handled.length === 1, 10_000);
        expect(handled).toEqual(['stop-1']);
      });

      it('dead-letters an event whose handler failed 10 times, with its error and tries, and replays it after a fix', async () => {
        const { bus, logs } = await open();
        const broken = { yes: true };
        const deliveries: number[] = [];
        const handled: number[] = [];
        await bus.consume(
          'poisoned',
          [
            on(noted, async ({ n }, meta) => {
              deliveries.push(meta.deliveryCount);
              if (broken.yes) throw new Error('always fails');
              handled.push(n);
            }),
          ],
          { backoffMs: [10] },
        );

        await bus.publish(noted, { n: 1, note: 'poison' }, { id: 'poison-1' });
        await expect.poll(() => bus.deadLetters('poisoned'), { timeout: 10_000 }).toHaveLength(1);
        const [letter] = await bus.deadLetters('poisoned');
        expect(letter).toMatchObject({
          consumer: 'poisoned',
          subject: noted.subject,
          event: 'test.noted v1',
          eventId: 'poison-1',
          reason: 'handler-failed',
          error: 'always fails',
          tries: lastTry,
          headers: expect.objectContaining({ 'Nats-Msg-Id': 'poison-1' }),
        });
        expect(JSON.parse(letter?.payload ?? '{}')).toMatchObject({ id: 'poison-1', data: { n: 1, note: 'poison' } });
        expect(deliveries).toEqual(Array.from({ length: lastTry }, (_, i) => i + 1));
        expect(deadLetterLogs(logs, 'poison-1')).toMatchObject([{ reason: 'handler-failed', tries: lastTry }]);

        broken.yes = false;
        expect(await bus.replayDeadLetters('poisoned')).toBe(1);
        await waitFor('the replayed event handled', () => handled.length === 1);
        expect(handled).toEqual([1]);
        expect(await bus.deadLetters('poisoned')).toEqual([]);
      });

      it('rejects invalid data at publish, and dead-letters invalid stored data at once, replayable after a fix', async () => {
        const { bus, logs } = await open();
        const seen: number[] = [];
        const strict = await bus.consume('strict', [on(noted, async ({ n }) => void seen.push(n))]);

        await expect(bus.publish(noted, { n: 1.5, note: '' })).rejects.toThrow(/test\.noted/);

        await bus.publish(notedLax, { n: 2.5, note: '' }, { id: 'bad-data' });
        await bus.publish(noted, { n: 3, note: 'fine' });
        await waitFor('the valid event', () => seen.includes(3));
        await expect.poll(() => bus.deadLetters('strict')).toHaveLength(1);
        const [letter] = await bus.deadLetters('strict');
        expect(letter).toMatchObject({ eventId: 'bad-data', reason: 'invalid', tries: 1 });
        expect(letter?.error).toMatch(/event data breaks the contract/);
        expect(deadLetterLogs(logs, 'bad-data')).toHaveLength(1);
        expect(seen).toEqual([3]);

        // The fix: a release whose contract takes what was sent.
        await strict.stop();
        await bus.consume('strict', [on(notedLax, async ({ n }) => void seen.push(n))]);
        expect(await bus.replayDeadLetters('strict')).toBe(1);
        await waitFor('the replayed event', () => seen.includes(2.5));
        expect(await bus.deadLetters('strict')).toEqual([]);
      });
    });

    describe('tail', () => {
      it('fans every new event out to every tail, without replaying older ones', async () => {
        const { bus } = await open();
        await bus.publish(noted, { n: 0, note: 'before anyone tailed' });
        const first: number[] = [];
        const second: number[] = [];
        await bus.tail([on(noted, async ({ n }) => void first.push(n))]);
        await bus.tail([
          on(noted, async ({ n }) => {
            second.push(n);
            if (n === 1) throw new Error('a failing tail handler is only logged');
          }),
        ]);
        for (const n of [1, 2, 3]) await bus.publish(noted, { n, note: 'live' });
        await waitFor('both tails', () => first.length === 3 && second.length === 3);
        expect([...first].sort()).toEqual([1, 2, 3]);
        expect([...second].sort()).toEqual([1, 2, 3]);
      });

      it('stops delivering once stopped', async () => {
        const { bus } = await open();
        const seen: number[] = [];
        const tail = await bus.tail([on(noted, async ({ n }) => void seen.push(n))]);
        await bus.publish(noted, { n: 1, note: 'seen' });
        await waitFor('the first event', () => seen.length === 1);
        await tail.stop();
        await bus.publish(noted, { n: 2, note: 'unseen' });
        const seenDurable: number[] = [];
        await bus.consume('after-tail', [on(noted, async ({ n }) => void seenDurable.push(n))]);
        await waitFor('a durable to catch up', () => seenDurable.length === 2);
        expect(seen).toEqual([1]);
      });

      it('gives each tail of a subject its own copy of every event, and keeps the others going when one stops', async () => {
        const { bus } = await open();
        const seen: Record<'a' | 'b' | 'c', Array<{ n: number; note: string }>> = { a: [], b: [], c: [] };
        const tail = (name: 'a' | 'b' | 'c') =>
          bus.tail([
            on(noted, async (event) => {
              seen[name].push(event);
              // A handler that changes its event changes no other handler's.
              (event as { note: string }).note = `changed by ${name}`;
            }),
          ]);
        const a = await tail('a');
        const b = await tail('b');
        await bus.publish(noted, { n: 1, note: 'live' });
        await waitFor('both tails', () => seen.a.length === 1 && seen.b.length === 1);
        expect(seen.a[0]).not.toBe(seen.b[0]);
        await a.stop();
        await bus.publish(noted, { n: 2, note: 'live' });
        await waitFor('the tail still going', () => seen.b.length === 2);
        await b.stop();
        // A tail after all the others stopped subscribes afresh.
        const c = await tail('c');
        await bus.publish(noted, { n: 3, note: 'live' });
        await waitFor('the new tail', () => seen.c.length === 1);
        expect(seen.a.map(({ n }) => n)).toEqual([1]);
        expect(seen.b.map(({ n }) => n)).toEqual([1, 2]);
        expect(seen.c.map(({ n }) => n)).toEqual([3]);
        await c.stop();
      });
    });

    describe('delivery', () => {
      it('never runs a handler inside the publish or request call', async () => {
        const { bus } = await open();
        let insideCall = false;
        const observed: boolean[] = [];
        await bus.serve(greet, async ({ name }) => {
          observed.push(insideCall);
          return { greeting: name };
        });
        await bus.consume('async', [on(noted, async () => void observed.push(insideCall))]);

        insideCall = true;
        const reply = bus.request(greet, { name: 'x' });
        const published = bus.publish(noted, { n: 1, note: 'x' });
        insideCall = false;
        await Promise.all([reply, published]);
        await waitFor('both handlers', () => observed.length === 2);
        expect(observed).toEqual([false, false]);
      });
    });

    describe('streams', () => {
      /** Counts to `to`, then does what the request says; `cancelled` resolves when its signal aborts. */
      async function serveCount(bus: Bus) {
        const cancelled = deferred();
        await bus.serveStream(count, async ({ to, then }, { send, signal }) => {
          signal.addEventListener('abort', cancelled.resolve, { once: true });
          for (let n = 1; n <= to; n += 1) send({ n });
          if (then === 'app-error') throw new AppError(409, 'Counted too far');
          if (then === 'crash') throw new Error('the counter broke');
          if (then === 'wait') await new Promise((resolve) => signal.addEventListener('abort', resolve));
        });
        return { cancelled: cancelled.promise };
      }

      async function collect(stream: AsyncIterable<{ n: number }>) {
        const seen: number[] = [];
        try {
          for await (const { n } of stream) seen.push(n);
          return { seen, error: undefined };
        } catch (error) {
          return { seen, error: error as AppError };
        }
      }

      it('delivers every delta in order, then ends', async () => {
        const { bus } = await open();
        await serveCount(bus);
        const { seen, error } = await collect(bus.stream(count, { to: 200 }));
        expect(error).toBeUndefined();
        expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      });

      it("ends with the handler's error after the deltas it sent: an AppError as thrown, anything else as 500", async () => {
        const { bus } = await open();
        await serveCount(bus);
        const refused = await collect(bus.stream(count, { to: 2, then: 'app-error' }));
        expect(refused.seen).toEqual([1, 2]);
        expect(refused.error).toBeInstanceOf(AppError);
        expect([refused.error?.status, refused.error?.message]).toEqual([409, 'Counted too far']);
        const crashed = await collect(bus.stream(count, { to: 1, then: 'crash' }));
        expect(crashed.seen).toEqual([1]);
        expect([crashed.error?.status, crashed.error?.message]).toEqual([500, apiMessages.internal]);
      });

      it('keeps a stream whose responder is quiet for longer than the idle wait, while it beats', async () => {
        const { bus } = await open();
        await bus.serveStream(count, async ({ to }, { send }) => {
          send({ n: 1 });
          // A model thinking: nothing to send for twice as long as a silent responder is given.
          await sleep(streamPacing.idleMs * 2);
          send({ n: to });
        });
        const { seen, error } = await collect(bus.stream(count, { to: 2 }));
        expect(error).toBeUndefined();
        expect(seen).toEqual([1, 2]);
      });

      it('refuses an invalid request with 400 and answers 503 when nobody serves the stream', async () => {
        const { bus } = await open();
        expect((await collect(bus.stream(count, { to: 0 }))).error?.status).toBe(400);
        expect((await collect(bus.stream(count, { to: 1 }))).error?.status).toBe(503);
      });

      it('answers 503 to a stream asked for once the bus is closed', async () => {
        const { bus } = await open();
        await serveCount(bus);
        await bus.close();
        expect((await collect(bus.stream(count, { to: 1 }))).error?.status).toBe(503);
      });

      it("stops the responder's work when the requester breaks out of the loop", async () => {
        const { bus } = await open();
        const { cancelled } = await serveCount(bus);
        for await (const { n } of bus.stream(count, { to: 3, then: 'wait' })) if (n === 2) break;
        await cancelled;
      });

      it("stops the responder's work when the requester aborts, and the iteration throws the reason", async () => {
        const { bus } = await open();
        const { cancelled } = await serveCount(bus);
        const controller = new AbortController();
        const seen: number[] = [];
        const reading = (async () => {
          for await (const { n } of bus.stream(count, { to: 1, then: 'wait' }, { signal: controller.signal })) {
            seen.push(n);
            controller.abort(new Error('the browser went away'));
          }
        })();
        await expect(reading).rejects.toThrow('the browser went away');
        await cancelled;
        expect(seen).toEqual([1]);
      });

      it.skipIf(adapter.name !== 'nats')('ends with 503, not a hang, when the responder dies mid-stream', async () => {
        const { bus, namespace } = await openWithNamespace();
        // A responder that sends one delta and is never heard from again, as a writer killed mid-rewrite.
        const doomed = await connect({ servers: natsUrl ?? '' });
        doomed.subscribe(`${namespace}.${count.subject}`, {
          callback: (_error, msg) => {
            doomed.publish(msg.reply!, JSON.stringify({ type: 'start' }));
            doomed.publish(msg.reply!, JSON.stringify({ type: 'delta', data: { n: 1 } }));
            void doomed.flush().then(() => doomed.close());
          },
        });
        await doomed.flush();
        const { seen, error } = await collect(bus.stream(count, { to: 5 }));
        expect(seen).toEqual([1]);
        expect(error?.status).toBe(503);
      });

      it.skipIf(adapter.name !== 'nats')("aborts the responder's work when the requester dies mid-stream", async () => {
        const { bus, namespace } = await openWithNamespace();
        const { cancelled } = await serveCount(bus);
        // A requester that asks and is gone: it never beats nor cancels.
        const doomed = await connect({ servers: natsUrl ?? '' });
        const inbox = `_INBOX.${randomUUID()}`;
        const started = deferred();
        doomed.subscribe(inbox, { callback: () => started.resolve() });
        doomed.publish(`${namespace}.${count.subject}`, JSON.stringify({ to: 1, then: 'wait' }), { reply: inbox });
        await started.promise;
        await doomed.close();
        await cancelled;
      });
    });

    describe('close', () => {
      it('waits for in-flight handlers, then refuses new requests', async () => {
        const { bus } = await open();
        let eventStarted = false;
        let eventFinished = false;
        let requestStarted = false;
        let requestFinished = false;
        await bus.consume('closing', [
          on(noted, async () => {
            eventStarted = true;
            await sleep(300);
            eventFinished = true;
          }),
        ]);
        await bus.serve(slow, async () => {
          requestStarted = true;
          await sleep(300);
          requestFinished = true;
          return { done: true };
        });

        await bus.publish(noted, { n: 1, note: 'in flight' });
        const pendingRequest = bus.request(slow, {}, { timeoutMs: 5_000 }).catch(() => undefined);
        await waitFor('the handlers to start', () => eventStarted && requestStarted);
        await bus.close();
        expect(eventFinished).toBe(true);
        expect(requestFinished).toBe(true);
        await pendingRequest;

        const error = await appErrorFrom(bus.request(greet, { name: 'late' }));
        expect(error.status).toBe(503);
        await expect(bus.close()).resolves.toBeUndefined();
      });
    });
  });
}

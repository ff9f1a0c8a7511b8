import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineRequest } from '@bookwright/contracts/bus';
import { silentLogger } from '../logger/logger';
import { currentCorrelationId, withCorrelation } from '../correlation/correlation';
import { processRegistry } from '../metrics/registry';
import { on, type Bus } from './bus';
import { createInProcessBus } from './in-process/in-process-bus';
import { observeBus } from './observe-bus';
import { HANDLER_TRIES_BEFORE_DEAD_LETTER as lastTry } from './redelivery';

const whoAsks = defineRequest({
  name: 'test.observe.who-asks',
  version: 1,
  request: z.object({}),
  response: z.object({ correlationId: z.string().nullable() }),
  description: 'Answers with the correlation id the responder runs under.',
});
const noted = defineEvent({
  name: 'test.observe.noted',
  version: 1,
  schema: z.object({ n: z.number() }),
  description: 'A test event.',
});

let bus: Bus | undefined;
afterEach(async () => {
  await bus?.close();
});

async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await processRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return Number(value?.value ?? 0);
}

describe('the observed bus', () => {
  it('runs a responder under the request id, and sends the current correlation id with a request', async () => {
    bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'observe_a' }));
    await bus.serve(whoAsks, async () => ({ correlationId: currentCorrelationId() ?? null }));
    expect(await bus.request(whoAsks, {}, { requestId: 'http-1' })).toEqual({ correlationId: 'http-1' });
    const inherited = await withCorrelation('event-7', () => bus!.request(whoAsks, {}));
    expect(inherited).toEqual({ correlationId: 'event-7' });
  });

  it('publishes with the current correlation id and runs the consumer under it; counts what it handled', async () => {
    bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'observe_b' }));
    const seen: { meta: string | undefined; current: string | undefined; n: number }[] = [];
    let failOnce = true;
    await bus.consume(
      'observer',
      [
        on(noted, async (data, meta) => {
          if (data.n === 2 && failOnce) {
            failOnce = false;
            throw new Error('first delivery fails');
          }
          seen.push({ meta: meta.correlationId, current: currentCorrelationId(), n: data.n });
        }),
      ],
      { backoffMs: [10] },
    );
    const labels = { consumer: 'observer', event: 'test.observe.noted' };
    const before = {
      handled: await counter('bookwright_bus_messages_handled_total', labels),
      failed: await counter('bookwright_bus_messages_failed_total', labels),
      redelivered: await counter('bookwright_bus_messages_redelivered_total', labels),
    };
    await withCorrelation('req-42', () => bus!.publish(noted, { n: 1 }));
    await bus.publish(noted, { n: 2 }, { correlationId: 'explicit' });
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen.sort((a, b) => a.n - b.n)).toEqual([
      { meta: 'req-42', current: 'req-42', n: 1 },
      { meta: 'explicit', current: 'explicit', n: 2 },
    ]);
    expect(await counter('bookwright_bus_messages_handled_total', labels)).toBe(before.handled + 2);
    expect(await counter('bookwright_bus_messages_failed_total', labels)).toBe(before.failed + 1);
    expect(await counter('bookwright_bus_messages_redelivered_total', labels)).toBe(before.redelivered + 1);
  });

  describe('a database outage on the last delivery', () => {
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const until = async (what: string, check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    };

    it('is waited out: the handler runs again until the database answers, and the event is handled once', async () => {
      bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'observe_c' }));
      const attempts: number[] = [];
      let down = true;
      let handled = 0;
      await bus.consume(
        'patient',
        [
          on(noted, async (_data, meta) => {
            attempts.push(meta.deliveryCount);
            if (down) throw refused();
            handled += 1;
          }),
        ],
        { backoffMs: [10] },
      );
      await bus.publish(noted, { n: 1 });
      // Beyond the bus's ten tries: the last one is being run again, its count frozen.
      await until('attempts beyond the last try', () => attempts.length >= lastTry + 2);
      down = false;
      await until('the event handled', () => handled === 1);
      expect(attempts.slice(0, lastTry)).toEqual(Array.from({ length: lastTry }, (_, i) => i + 1));
      expect(new Set(attempts.slice(lastTry))).toEqual(new Set([lastTry]));
      await new Promise((r) => setTimeout(r, 300));
      expect(handled).toBe(1);
    });

    it('is not waited out for any other error: the bus dead-letters the event after its last try', async () => {
      bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'observe_d' }));
      const attempts: number[] = [];
      await bus.consume(
        'impatient',
        [
          on(noted, async (_data, meta) => {
            attempts.push(meta.deliveryCount);
            throw new Error('a bug, not an outage');
          }),
        ],
        { backoffMs: [10] },
      );
      await bus.publish(noted, { n: 1 });
      await until('the dead letter', () => attempts.length === lastTry);
      await expect.poll(() => bus?.deadLetters('impatient').then((letters) => letters.length)).toBe(1);
      expect(attempts).toEqual(Array.from({ length: lastTry }, (_, i) => i + 1));
      expect(
        await counter('bookwright_bus_dead_letters_total', {
          consumer: 'impatient',
          event: 'test.observe.noted v1',
          reason: 'handler-failed',
        }),
      ).toBe(1);
    });

    it('stops being waited out when the consumer stops, so the stop does not hang, and hands the event back', async () => {
      bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'observe_e' }));
      let attempts = 0;
      let down = true;
      const handledBy: string[] = [];
      const consumer = (name: string) =>
        on(noted, async (_data, meta) => {
          attempts += 1;
          if (down) throw refused();
          handledBy.push(`${name}@${meta.deliveryCount}`);
        });
      const subscription = await bus.consume('stopping', [consumer('first')], { backoffMs: [10] });
      await bus.publish(noted, { n: 1 });
      await until('the wait on the last try', () => attempts >= lastTry + 2);
      await subscription.stop();
      // Not dropped: the next consumer of the durable gets it once the database is back.
      down = false;
      await bus.consume('stopping', [consumer('second')], { backoffMs: [10] });
      await until('the event handled', () => handledBy.length === 1);
      expect(handledBy).toEqual([`second@${lastTry + 1}`]);
    });
  });
});

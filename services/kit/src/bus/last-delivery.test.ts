// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '@bookwright/contracts/bus';
import { silentLogger } from '../logger/logger';
import { on, type Bus } from './bus';
import { createInProcessBus } from './in-process/in-process-bus';
import { connectNatsBus } from './nats/nats-bus';
import { giveUpOnLastDelivery } from './last-delivery';
import { HANDLER_TRIES_BEFORE_DEAD_LETTER as lastTry } from './redelivery';
import { testEventMeta } from './testing';

const natsUrl = process.env.NATS_URL;

const job = defineEvent({
  name: 'test.job',
  version: 1,
  schema: z.object({ n: z.number().int() }),
  description: 'Work that someone waits for.',
});

const open = async (): Promise<Bus> => {
  const namespace = `ld_${randomUUID().slice(0, 8)}`;
  return natsUrl
    ? connectNatsBus({ servers: natsUrl, namespace, logger: silentLogger(), name: 'last-delivery-test' })
    : createInProcessBus({ logger: silentLogger(), namespace });
};

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const buses: Bus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
});

describe(`giving up on the last delivery (${natsUrl ? 'NATS' : 'in-process'} bus)`, () => {
  const tries = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('redelivers until the last try, then gives up once with the last error and stops', async () => {
    const bus = await open();
    buses.push(bus);
    const deliveries: number[] = [];
    const givenUp: { n: number; error: string; delivery: number }[] = [];
    const handle = giveUpOnLastDelivery<{ n: number }>(
      async (_data, meta) => {
        deliveries.push(meta.deliveryCount);
        throw new Error(`failure ${meta.deliveryCount}`);
      },
      async (data, error, meta) => {
        givenUp.push({ n: data.n, error: (error as Error).message, delivery: meta.deliveryCount });
      },
    );
    await bus.consume('worker', [on(job, handle)], { backoffMs: [5] });
    await bus.publish(job, { n: 7 });

    await until('the give-up', () => givenUp.length === 1);
    expect(deliveries).toEqual(tries(1, lastTry));
    expect(givenUp).toEqual([{ n: 7, error: `failure ${lastTry}`, delivery: lastTry }]);
    // Acknowledged after giving up: never delivered again, never dead-lettered.
    await bus.publish(job, { n: 8 });
    await until('the next job', () => givenUp.length === 2);
    expect(deliveries).toEqual([...tries(1, lastTry), ...tries(1, lastTry)]);
    expect(await bus.deadLetters('worker')).toEqual([]);
  });

  it('does not give up when a redelivery succeeds', async () => {
    const bus = await open();
    buses.push(bus);
    const done: number[] = [];
    let givenUp = 0;
    const handle = giveUpOnLastDelivery<{ n: number }>(
      async (data, meta) => {
        if (meta.deliveryCount < 3) throw new Error('not yet');
        done.push(data.n);
      },
      async () => {
        givenUp += 1;
      },
    );
    await bus.consume('worker', [on(job, handle)], { backoffMs: [5] });
    await bus.publish(job, { n: 1 });
    await until('the success', () => done.length === 1);
    expect(givenUp).toBe(0);
  });

  it('lets the bus dead-letter the message when giving up fails too', async () => {
    const bus = await open();
    buses.push(bus);
    const attempts: number[] = [];
    let giveUps = 0;
    const handle = giveUpOnLastDelivery<{ n: number }>(
      async (_data, meta) => {
        attempts.push(meta.deliveryCount);
        throw new Error('down');
      },
      async () => {
        giveUps += 1;
        throw new Error('still down');
      },
    );
    await bus.consume('worker', [on(job, handle)], { backoffMs: [5] });
    await bus.publish(job, { n: 1 });
    await until('the give-up', () => giveUps === 1);
    await bus.publish(job, { n: 2 });
    await until('the second give-up', () => giveUps === 2);
    // The first message was dead-lettered after its last try, not redelivered once more.
    expect(attempts).toEqual([...tries(1, lastTry), ...tries(1, lastTry)]);
    await expect
      .poll(async () => (await bus.deadLetters('worker')).map((letter) => letter.error))
      .toEqual(['still down', 'still down']);
  });

  it('never gives up on an unreachable database: that failure goes on to the bus, which waits it out', async () => {
    let givenUp = 0;
    const handle = giveUpOnLastDelivery<{ n: number }>(
      async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
      async () => {
        givenUp += 1;
      },
    );
    await expect(handle({ n: 1 }, testEventMeta(job, { deliveryCount: lastTry }))).rejects.toThrow(/ECONNREFUSED/);
    expect(givenUp).toBe(0);
  });
});

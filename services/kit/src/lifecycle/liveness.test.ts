import { describe, expect, it } from 'vitest';
import type { ConsumerBacklog } from '../bus/bus';
import { createInProcessBus } from '../bus/in-process/in-process-bus';
import { silentLogger } from '../logger/logger';
import { Liveness } from './liveness';

/** A clock the test moves, and a backlog it sets. */
function world(options: { blockedAfterMs?: number; stalledAfterMs?: number } = {}) {
  let now = 1_000_000;
  let backlog: ConsumerBacklog[] = [];
  const liveness = new Liveness({
    now: () => now,
    blockedAfterMs: options.blockedAfterMs ?? 5_000,
    stalledAfterMs: options.stalledAfterMs ?? 30_000,
    backlog: async () => backlog,
  });
  return {
    liveness,
    advance: (ms: number) => (now += ms),
    get now() {
      return now;
    },
    setBacklog: (next: ConsumerBacklog[]) => (backlog = next),
  };
}

describe('Liveness: the event loop', () => {
  it('is live while the heartbeat ticks, and fails once it has not for longer than the threshold', async () => {
    const w = world();
    for (let i = 0; i < 20; i += 1) {
      w.advance(500);
      w.liveness.tick();
    }
    expect(await w.liveness.check()).toEqual({ live: true, problems: [] });

    w.advance(5_000);
    expect((await w.liveness.check()).live).toBe(true);
    w.advance(1);
    expect(await w.liveness.check()).toEqual({
      live: false,
      problems: ['event loop blocked: no heartbeat for 5001 ms'],
    });

    // The loop turns again: live again.
    w.liveness.tick();
    expect((await w.liveness.check()).live).toBe(true);
  });
});

describe('Liveness: consumers', () => {
  const keepTicking = (w: ReturnType<typeof world>, ms: number) => {
    w.advance(ms);
    w.liveness.tick();
  };

  it('fails when deliveries wait and none starts for the threshold', async () => {
    const w = world();
    w.setBacklog([{ consumer: 'planner/book.planning-requested', waiting: 2, lastStartedAt: undefined }]);
    expect((await w.liveness.check()).live).toBe(true);
    keepTicking(w, 29_999);
    expect((await w.liveness.check()).live).toBe(true);
    keepTicking(w, 1);
    expect(await w.liveness.check()).toEqual({
      live: false,
      problems: ['consumer planner/book.planning-requested stalled: 2 deliveries waiting, none started for 30000 ms'],
    });
  });

  it('is live while deliveries keep starting, however many wait', async () => {
    const w = world();
    for (let i = 0; i < 10; i += 1) {
      w.setBacklog([{ consumer: 'writer/book.confirmed', waiting: 50, lastStartedAt: w.now }]);
      expect((await w.liveness.check()).live).toBe(true);
      keepTicking(w, 20_000);
    }
  });

  it('starts the wait over when nothing waits any more', async () => {
    const w = world();
    w.setBacklog([{ consumer: 'c', waiting: 1, lastStartedAt: undefined }]);
    await w.liveness.check();
    keepTicking(w, 20_000);
    w.setBacklog([{ consumer: 'c', waiting: 0, lastStartedAt: undefined }]);
    expect((await w.liveness.check()).live).toBe(true);
    keepTicking(w, 1_000);
    w.setBacklog([{ consumer: 'c', waiting: 1, lastStartedAt: undefined }]);
    expect((await w.liveness.check()).live).toBe(true);
    keepTicking(w, 20_000);
    expect((await w.liveness.check()).live).toBe(true);
    keepTicking(w, 10_000);
    expect((await w.liveness.check()).live).toBe(false);
  });

  it('does not hold an old last start against deliveries that just arrived', async () => {
    const w = world();
    const startedLongAgo = w.now - 3_600_000;
    w.setBacklog([{ consumer: 'c', waiting: 1, lastStartedAt: startedLongAgo }]);
    expect((await w.liveness.check()).live).toBe(true);
    keepTicking(w, 1_000);
    // It started one: moving.
    w.setBacklog([{ consumer: 'c', waiting: 1, lastStartedAt: w.now }]);
    expect((await w.liveness.check()).live).toBe(true);
  });

  it('checks no consumer when it has no backlog to ask', async () => {
    expect(await new Liveness().check()).toEqual({ live: true, problems: [] });
  });
});

describe('the in-process bus backlog', () => {
  it('shows what waits for a consumer of this process, and when it last started one', async () => {
    const { defineEvent } = await import('@bookwright/contracts/bus');
    const { z } = await import('zod');
    const { on } = await import('../bus/bus');
    const ping = defineEvent({
      name: 'test.liveness-ping',
      version: 1,
      schema: z.object({ n: z.number() }),
      description: 'A test event.',
    });
    const bus = createInProcessBus({ logger: silentLogger() });
    let release: () => void = () => {};
    try {
      expect(await bus.backlog!()).toEqual([]);
      const held = new Promise<void>((resolve) => (release = resolve));
      const seen: number[] = [];
      const before = Date.now();
      const subscription = await bus.consume('liveness-test', [
        on(ping, async ({ n }) => {
          seen.push(n);
          await held;
        }),
      ]);
      await bus.publish(ping, { n: 1 });
      await expect.poll(() => seen).toEqual([1]);
      const [entry] = await bus.backlog!();
      expect(entry).toMatchObject({ consumer: 'liveness-test/evt.test.liveness-ping.v1', waiting: 0 });
      expect(entry!.lastStartedAt).toBeGreaterThanOrEqual(before);
      release();
      await subscription.stop();
      // A consumer this process no longer runs is not its to answer for.
      await bus.publish(ping, { n: 2 });
      expect(await bus.backlog!()).toEqual([]);
    } finally {
      release();
      await bus.close();
    }
  });
});

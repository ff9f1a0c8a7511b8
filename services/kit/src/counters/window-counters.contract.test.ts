import { randomBytes } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger/logger';
import { createMemoryWindowCounters } from './memory-window-counters';
import { connectNatsWindowCounters } from './nats-window-counters';
import type { WindowCounters } from './window-counters';

const natsUrl = process.env.NATS_URL;
if (!natsUrl) console.warn('window counters: NATS_URL is not set, so the NATS KV adapter is not tested');

const windowMs = 60_000;

interface Adapter {
  name: string;
  skip: boolean;
  /** Opens a store; every store of one adapter sees the same counts where the adapter shares them. */
  open(now: () => number): Promise<WindowCounters>;
  /** True when two opened stores share their counts (the point of the NATS adapter). */
  shared: boolean;
  dispose(): Promise<void>;
}

function memoryAdapter(): Adapter {
  return {
    name: 'memory',
    skip: false,
    shared: false,
    open: async (now) => createMemoryWindowCounters(now),
    async dispose() {},
  };
}

function natsAdapter(): Adapter {
  const bucket = `test_${randomBytes(4).toString('hex')}_counters`;
  return {
    name: 'NATS KV',
    skip: !natsUrl,
    shared: true,
    open: (now) =>
      connectNatsWindowCounters({ servers: natsUrl!, bucket, maxWindowMs: windowMs, logger: silentLogger(), now }),
    async dispose() {
      const nc = await connect({ servers: natsUrl! });
      try {
        await (await new Kvm(nc).open(bucket)).destroy();
      } finally {
        await nc.close();
      }
    },
  };
}

for (const adapter of [memoryAdapter(), natsAdapter()]) {
  describe.skipIf(adapter.skip)(`window counters contract: ${adapter.name}`, () => {
    let clock = 1_000_000;
    const now = () => clock;
    let store: WindowCounters;
    let key: string;

    beforeAll(async () => {
      store = await adapter.open(now);
    });
    afterAll(async () => {
      await store?.close();
      await adapter.dispose();
    });
    beforeEach(() => {
      // A fresh key per test: the NATS bucket outlives a test.
      key = `login\nuser-${randomBytes(3).toString('hex')}@example.com\n::ffff:127.0.0.1`;
    });

    it('counts from one in a window that opens at the first increment', async () => {
      expect(await store.read(key, windowMs)).toEqual({ count: 0, resetAt: clock + windowMs });
      const first = await store.increment(key, windowMs);
      expect(first).toEqual({ count: 1, resetAt: clock + windowMs });
      clock += 1_000;
      expect(await store.increment(key, windowMs)).toEqual({ count: 2, resetAt: first.resetAt });
      expect(await store.read(key, windowMs)).toEqual({ count: 2, resetAt: first.resetAt });
    });

    it('counts from zero again once the window has ended', async () => {
      await store.increment(key, windowMs);
      await store.increment(key, windowMs);
      clock += windowMs;
      expect((await store.read(key, windowMs)).count).toBe(0);
      expect(await store.increment(key, windowMs)).toEqual({ count: 1, resetAt: clock + windowMs });
    });

    it('gives one back, never below zero, and forgets a cleared key', async () => {
      await store.decrement(key);
      expect((await store.read(key, windowMs)).count).toBe(0);
      await store.increment(key, windowMs);
      await store.increment(key, windowMs);
      await store.decrement(key);
      expect((await store.read(key, windowMs)).count).toBe(1);
      await store.clear(key);
      expect((await store.read(key, windowMs)).count).toBe(0);
      expect((await store.increment(key, windowMs)).count).toBe(1);
    });

    it('keeps keys apart however alike they look', async () => {
      await store.increment(`${key}a`, windowMs);
      expect((await store.read(`${key}A`, windowMs)).count).toBe(0);
      expect((await store.read(`${key}a`, windowMs)).count).toBe(1);
    });

    it('hands out every count exactly once under concurrent increments', async () => {
      const counts = await Promise.all(Array.from({ length: 30 }, () => store.increment(key, windowMs)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });

    it.runIf(adapter.shared)('shares the counts between stores, as between gateway replicas', async () => {
      const other = await adapter.open(now);
      try {
        const counts = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : other).increment(key, windowMs)),
        );
        expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect((await other.read(key, windowMs)).count).toBe(20);
      } finally {
        await other.close();
      }
    });

    it.runIf(adapter.shared)('refuses with a 503 when it cannot count', async () => {
      const cut = await adapter.open(now);
      await cut.close();
      await expect(cut.increment(key, windowMs)).rejects.toMatchObject({ name: 'AppError', status: 503 });
    });
  });
}

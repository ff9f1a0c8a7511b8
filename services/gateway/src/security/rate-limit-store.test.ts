import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { createMemoryWindowCounters, type WindowCounters } from '@bookwright/kit';
import { rateLimitStore } from './rate-limit-store';

/** A gateway-like app: two routes limited to `max` calls per key, counting in `counters`. */
async function replica(counters: WindowCounters, max: number) {
  const app = Fastify();
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore(counters) });
  const limit = { rateLimit: { max, timeWindow: 60_000 } };
  app.get('/plan', { config: limit }, async () => ({ ok: true }));
  app.get('/write', { config: limit }, async () => ({ ok: true }));
  const peek = app.createRateLimit({ max, timeWindow: 60_000 });
  app.get('/peek', async (request) => peek(request, { increment: false }));
  await app.ready();
  return app;
}

describe('rateLimitStore', () => {
  it('counts every replica sharing the counters against one budget per route', async () => {
    const counters = createMemoryWindowCounters();
    const [one, two] = await Promise.all([replica(counters, 3), replica(counters, 3)]);
    const statuses: number[] = [];
    for (const app of [one, two, one, two, one]) statuses.push((await app.inject('/plan')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another route keeps a budget of its own.
    expect((await two.inject('/write')).statusCode).toBe(200);
    await Promise.all([one.close(), two.close()]);
  });

  it('peeks without counting', async () => {
    const app = await replica(createMemoryWindowCounters(), 3);
    const first = (await app.inject('/peek')).json<{ remaining: number }>();
    const again = (await app.inject('/peek')).json<{ remaining: number }>();
    expect([first.remaining, again.remaining]).toEqual([3, 3]);
    await app.close();
  });
});

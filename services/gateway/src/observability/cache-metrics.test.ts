import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { metricsText } from '@bookwright/kit';
import { gatewayCacheMetrics, type CacheLookup, type GatewayCache } from './cache-metrics';

const count = (text: string, cache: string, result: string) =>
  Number(
    text.match(
      new RegExp(`^bookwright_gateway_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)$`, 'm'),
    )?.[1] ?? Number.NaN,
  );

describe('gatewayCacheMetrics', () => {
  it('exposes as many hits and misses per cache as were observed, scrape after scrape', async () => {
    const caches: GatewayCache[] = ['session', 'library', 'book', 'current_user'];
    const lookups = fc.array(
      fc.record({ cache: fc.constantFrom(...caches), result: fc.constantFrom<CacheLookup>('hit', 'miss') }),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(lookups, { minLength: 1, maxLength: 3 }), async (batches) => {
        const metrics = gatewayCacheMetrics();
        const observers = new Map(caches.map((cache) => [cache, metrics.observe(cache)]));
        const expected = new Map<string, number>();
        try {
          for (const batch of batches) {
            for (const { cache, result } of batch) {
              observers.get(cache)!(result);
              expected.set(`${cache} ${result}`, (expected.get(`${cache} ${result}`) ?? 0) + 1);
            }
            const { body } = await metricsText();
            for (const cache of caches)
              for (const result of ['hit', 'miss'])
                expect(count(body, cache, result)).toBe(expected.get(`${cache} ${result}`) ?? 0);
          }
        } finally {
          metrics.detach();
        }
      }),
      { numRuns: 30 },
    );
  });
});

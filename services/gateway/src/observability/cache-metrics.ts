import { Counter, Registry } from 'prom-client';
import { attachRegistry } from '@bookwright/kit';

export type CacheLookup = 'hit' | 'miss';

/** The gateway's in-memory caches, as the `cache` label names them. */
export type GatewayCache = 'session' | 'library' | 'book' | 'current_user';

/**
 * Hits and misses of the gateway's caches (`bookwright_gateway_cache_lookups_total{cache, result}`): a hit
 * rate that falls means the bus and the database take the signed-in pages' load again (events dropping
 * entries faster than they are reused, or a TTL set too short). Like the HTTP metrics, in a registry of
 * this gateway's own, served on the health port.
 */
export function gatewayCacheMetrics(): {
  observe: (cache: GatewayCache) => (lookup: CacheLookup) => void;
  detach: () => void;
} {
  const registry = new Registry();
  // Counted in plain numbers and handed to prom-client when scraped: its `inc` validates and hashes the
  // label object on every call, even through a child from `labels()`, and two of these run on every
  // signed-in page (the session and the library).
  const counts: { cache: GatewayCache; hit: number; miss: number }[] = [];
  new Counter({
    name: 'bookwright_gateway_cache_lookups_total',
    help: "Lookups in the gateway's in-memory caches, by cache and result (hit or miss)",
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { cache, hit, miss } of counts) {
        this.inc({ cache, result: 'hit' }, hit);
        this.inc({ cache, result: 'miss' }, miss);
      }
    },
  });
  const detach = attachRegistry(registry);
  return {
    observe: (cache) => {
      const count = { cache, hit: 0, miss: 0 };
      counts.push(count);
      return (lookup) => {
        count[lookup] += 1;
      };
    },
    detach,
  };
}

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
  const lookups = new Counter({
    name: 'bookwright_gateway_cache_lookups_total',
    help: "Lookups in the gateway's in-memory caches, by cache and result (hit or miss)",
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  const detach = attachRegistry(registry);
  return {
    observe: (cache) => {
      const hit = lookups.labels({ cache, result: 'hit' });
      const miss = lookups.labels({ cache, result: 'miss' });
      return (lookup) => (lookup === 'hit' ? hit.inc() : miss.inc());
    },
    detach,
  };
}

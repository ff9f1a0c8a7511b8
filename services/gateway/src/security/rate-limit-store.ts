import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCounters } from '@bookwright/kit';

/** What the plugin hands `child()`: the route's merged limit options, with the route itself as routeInfo. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store interface over our WindowCounters, so the per-route limits (generation,
 * rewrites, exports, covers, account changes) count where the auth throttle counts: the process's memory
 * when embedded, the NATS KV bucket every gateway replica shares when distributed.
 *
 * The plugin makes one child store per limited route; a child prefixes its keys with the route, so each
 * route keeps its own budget, as with the plugin's own in-memory store.
 */
export function rateLimitStore(counters: WindowCounters): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store itself (`new Store(options)`); the counters come in through the closure.
    constructor(
      _options?: unknown,
      private readonly scope = 'global',
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      Promise.resolve(counters.increment(`rate-limit\n${this.scope}\n${key}`, timeWindow)).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The plugin's non-counting peek (`createRateLimit(...)(request, { increment: false })`). */
    read(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      counters.read(`rate-limit\n${this.scope}\n${key}`, timeWindow).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: count === 0 ? 0 : Math.max(0, resetAt - Date.now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as ChildOptions).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}`);
    }
  };
}

import type { FastifyInstance } from 'fastify';
import type { Bus, Logger } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import { BookEventsHub } from '../live/book-events-hub';
import { gatewayCacheMetrics } from '../observability/cache-metrics';
import { BookReadModel } from '../read-models/book-read-model';
import { CurrentUserReadModel } from '../read-models/current-user-read-model';
import { LibraryReadModel } from '../read-models/library-read-model';
import { registerOwnWrites } from '../read-models/own-writes';
import { sessionSupport, type SessionSupport } from '../security/session';

/** What the gateway holds of other services' data: caches kept current by events, and the live hub. */
export interface ReadModels {
  sessions: SessionSupport;
  library: LibraryReadModel;
  books: BookReadModel;
  currentUsers: CurrentUserReadModel;
  hub: BookEventsHub;
}

/**
 * Makes the session cache and the read models, starts their event tails and then the live hub, and
 * stops them all when the app closes.
 */
export async function startReadModels(
  app: FastifyInstance,
  options: { bus: Bus; config: GatewayConfig; logger: Logger; secureCookies: boolean },
): Promise<ReadModels> {
  const { bus, config, secureCookies } = options;
  const cacheMetrics = gatewayCacheMetrics();
  app.addHook('onClose', async () => cacheMetrics.detach());
  const sessions = sessionSupport(bus, {
    secureCookies,
    timeoutMs: config.BUS_TIMEOUT_MS,
    cacheTtlMs: config.SESSION_CACHE_TTL_MS,
    cacheMaxEntries: config.SESSION_CACHE_MAX_ENTRIES,
    observeCache: cacheMetrics.observe('session'),
  });
  const library = new LibraryReadModel({
    ttlMs: config.LIBRARY_CACHE_TTL_MS,
    maxUsers: config.LIBRARY_CACHE_MAX_USERS,
    maxClockSkewMs: config.MAX_CLOCK_SKEW_MS,
    observe: cacheMetrics.observe('library'),
  });
  const books = new BookReadModel({
    ttlMs: config.BOOK_CACHE_TTL_MS,
    maxBooks: config.BOOK_CACHE_MAX_BOOKS,
    maxClockSkewMs: config.MAX_CLOCK_SKEW_MS,
    observe: cacheMetrics.observe('book'),
  });
  const currentUsers = new CurrentUserReadModel({
    ttlMs: config.CURRENT_USER_CACHE_TTL_MS,
    maxUsers: config.CURRENT_USER_CACHE_MAX_USERS,
    maxClockSkewMs: config.MAX_CLOCK_SKEW_MS,
    observe: cacheMetrics.observe('current_user'),
  });
  const tails = await Promise.all([
    sessions.listen(),
    library.listen(bus),
    books.listen(bus),
    currentUsers.listen(bus),
  ]);
  app.addHook('onClose', async () => {
    for (const tail of tails) await tail.stop();
  });
  // Started after the read models' tails, so a browser told of a change by its live stream, which then
  // asks for its library, finds the held copy already dropped.
  const hub = new BookEventsHub(bus, options.logger);
  await hub.start();
  // Open event streams never end by themselves: close them first so app.close() can finish.
  app.addHook('preClose', async () => hub.stop());
  registerOwnWrites(app, {
    readModels: [library, books, currentUsers],
    secureCookies,
    // As long as any read model may hold a copy read before the write.
    markLifetimeMs:
      Math.max(config.LIBRARY_CACHE_TTL_MS, config.BOOK_CACHE_TTL_MS, config.CURRENT_USER_CACHE_TTL_MS) +
      config.MAX_CLOCK_SKEW_MS,
  });
  return { sessions, library, books, currentUsers, hub };
}

import type { EventEmitter } from 'node:events';
import { withoutCorrelation } from '../correlation/correlation';
import type { Logger } from '../logger/logger';

/** The part of a node-postgres `Pool` this module listens to (an `EventEmitter` of its clients). */
export interface ConnectionPoolEvents {
  on(event: 'connect' | 'acquire', listener: (client: EventEmitter) => void): unknown;
  on(event: 'release', listener: (error: Error | undefined, client: EventEmitter) => void): unknown;
  on(event: 'remove', listener: (client: EventEmitter) => void): unknown;
  on(event: 'error', listener: (error: Error, client: EventEmitter) => void): unknown;
}

/**
 * Logs each connection the server drops, once, at the level it deserves:
 * - an idle connection (a PostgreSQL restart, an idle timeout on a proxy) costs nothing: the pool drops
 *   it and opens a new one when it is needed, so it is a warning;
 * - a connection checked out by a transaction or a statement fails that work, so it is an error.
 *
 * node-postgres tells the two apart badly: an idle client's failure is emitted on the client AND re-emitted
 * on the pool, while a checked-out client's only on the client, which the pool does not listen to (unheard,
 * that crashed the service). So every client is heard, and the pool's check-outs and returns say which
 * case it is.
 *
 * A client's events run in the async context of the request that opened its connection, long gone, so both
 * lines are written outside any correlation: an old request's id would send a reader to the wrong request.
 * The work that a lost connection fails logs its own error, with its own id.
 */
export function logLostConnections(pool: ConnectionPoolEvents, logger: Logger): void {
  const inUse = new WeakSet<EventEmitter>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_error, client) => inUse.delete(client));
  pool.on('remove', (client) => inUse.delete(client));
  // The pool re-emits an idle client's failure here (after removing the client).
  pool.on('error', (error) => {
    withoutCorrelation(() =>
      logger.warn({ err: error }, 'idle database connection lost; the pool opens a new one when needed'),
    );
  });
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => {
      // Idle: the pool's own listener reports it (above). In use: the statement in flight or the next one
      // fails, the work is retried by its caller (bus redelivery, the writer's attempts, the outbox relay),
      // and the pool discards the broken client on release and opens a new one.
      if (inUse.has(client))
        withoutCorrelation(() => logger.error({ err: error }, 'database connection lost while in use'));
    });
  });
}

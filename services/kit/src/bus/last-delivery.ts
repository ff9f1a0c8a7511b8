import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from '../db/connection-errors';
import type { EventMeta } from './bus';

/**
 * Makes an event handler's last delivery end in a decision instead of silence. The bus terminates a
 * message whose handler still throws on delivery `maxDeliver`; work that someone waits for (a book in
 * planning) would then wait for ever. Wrapped, the handler's failure on that last delivery runs `giveUp`
 * (record the failure for good) and the message is acknowledged. Earlier failures are thrown on, so the
 * bus redelivers them after its back-off. If `giveUp` itself throws, the bus terminates and logs as before.
 *
 * An unreachable database is nobody's verdict on the work: that failure is thrown on even on the last
 * delivery, never given up on, and the bus waits the outage out (`waitOutDatabaseOnLastDelivery`, which
 * every consumer runs under).
 *
 * Pass the consumer's own `maxDeliver` (the same constant given to `bus.consume`).
 */
export function giveUpOnLastDelivery<T>(
  maxDeliver: number,
  handle: (data: T, meta: EventMeta) => Promise<void>,
  giveUp: (data: T, error: unknown, meta: EventMeta) => Promise<void>,
): (data: T, meta: EventMeta) => Promise<void> {
  return async (data, meta) => {
    try {
      await handle(data, meta);
    } catch (error) {
      if (meta.deliveryCount < maxDeliver || isDatabaseUnavailable(error)) throw error;
      meta.logger.warn({ err: error, deliveryCount: meta.deliveryCount }, 'last delivery failed: giving up');
      await giveUp(data, error, meta);
    }
  };
}

/** Pause between attempts while the database is unreachable: doubled from the first, up to the longest. */
const databaseRetryDelayMs = { first: 250, longest: 5_000 };

/**
 * Makes a consumer's last delivery outlast a PostgreSQL outage. The bus redelivers a failed event only
 * `maxDeliver` times, a few seconds in all, and then drops it; an event dropped because the database was
 * restarting is work lost (a book left waiting in planning for the stall watchdog, hours; a refund never
 * made; a deleted account's data left behind). Wrapped, a handler that fails on its last delivery because
 * the database is unreachable (`isDatabaseUnavailable`) is run again, with back-off, until the database
 * answers; then its outcome (success, or any other error) goes to the bus as usual. Earlier deliveries are
 * untouched: their failures go back to the bus for its redeliveries. While it waits it tells the bus it is
 * still `working()`, so the delivery is not redelivered beside itself or given up on at the ack wait.
 *
 * The observed bus (`observeBus`) runs every consumer's handlers under this; handlers are idempotent, as
 * at-least-once delivery requires anyway. When `signal` aborts (the consumer is stopping), it stops
 * waiting and throws the database's error: the event is dropped (the book service's reannounce-on-start
 * asks for planning and writing again).
 */
export function waitOutDatabaseOnLastDelivery<T>(
  handle: (data: T, meta: EventMeta) => Promise<void>,
  options: { maxDeliver: number; signal: AbortSignal },
): (data: T, meta: EventMeta) => Promise<void> {
  return async (data, meta) => {
    let delayMs = databaseRetryDelayMs.first;
    let waitedMs = 0;
    for (;;) {
      try {
        await handle(data, meta);
        if (waitedMs > 0) meta.logger.info({ waitedMs }, 'database back: event handled');
        return;
      } catch (error) {
        if (meta.deliveryCount < options.maxDeliver || !isDatabaseUnavailable(error)) throw error;
        if (waitedMs === 0)
          meta.logger.warn({ err: error }, 'database unreachable on the last delivery: waiting for it');
        meta.logger.debug({ retryInMs: delayMs }, 'database still unreachable');
        meta.working();
        // An abort ends the pause early instead of rejecting: the check below decides what happens.
        await sleep(delayMs, undefined, { signal: options.signal }).catch(() => undefined);
        if (options.signal.aborted) {
          meta.logger.warn({ err: error }, 'stopping while the database is unreachable: the event is dropped');
          throw error;
        }
        waitedMs += delayMs;
        delayMs = Math.min(delayMs * 2, databaseRetryDelayMs.longest);
      }
    }
  };
}

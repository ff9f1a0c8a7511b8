import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from '../db/connection-errors';
import type { EventMeta } from './bus';
import { HANDLER_TRIES_BEFORE_DEAD_LETTER } from './redelivery';

/** Whether this delivery's failure is the one the bus would dead-letter. */
const isLastTry = (meta: EventMeta): boolean => meta.deliveryCount >= HANDLER_TRIES_BEFORE_DEAD_LETTER;

/**
 * Makes an event handler's last try end in a decision instead of a dead letter. The bus dead-letters a
 * message whose handler still throws on try `HANDLER_TRIES_BEFORE_DEAD_LETTER`; work that someone waits
 * for (a book in planning) would then wait until an operator replays it. Wrapped, the handler's failure on
 * that try runs `giveUp` (record the failure for good) and the message is acknowledged. Earlier failures
 * are thrown on, so the bus redelivers them after its back-off. If `giveUp` itself throws, the bus
 * dead-letters the message (or, for an unreachable database, delivers it again).
 *
 * An unreachable database is nobody's verdict on the work: that failure is thrown on even on the last
 * try, never given up on, and the outage is waited out (`waitOutDatabaseOnLastDelivery`, which every
 * consumer runs under, then the bus's redelivery without limit).
 */
export function giveUpOnLastDelivery<T>(
  handle: (data: T, meta: EventMeta) => Promise<void>,
  giveUp: (data: T, error: unknown, meta: EventMeta) => Promise<void>,
): (data: T, meta: EventMeta) => Promise<void> {
  return async (data, meta) => {
    try {
      await handle(data, meta);
    } catch (error) {
      if (!isLastTry(meta) || isDatabaseUnavailable(error)) throw error;
      meta.logger.warn({ err: error, deliveryCount: meta.deliveryCount }, 'last delivery failed: giving up');
      await giveUp(data, error, meta);
    }
  };
}

/** Pause between attempts while the database is unreachable: doubled from the first, up to the longest. */
const databaseRetryDelayMs = { first: 250, longest: 5_000 };

/**
 * Keeps a message's try count from climbing past the last try while PostgreSQL is away. The bus never
 * dead-letters a failure because the database is unreachable, and redelivers it without limit; but each
 * redelivery counts as a try, so after a long outage the first ordinary failure would be the last try
 * (a dead letter, or `giveUpOnLastDelivery`'s verdict) without nine tries before it. Wrapped, a handler
 * that fails on its last try because the database is unreachable (`isDatabaseUnavailable`) is run again
 * in place, with back-off, until the database answers; then its outcome (success, or any other error) goes
 * to the bus as usual. Earlier tries are untouched: their failures go back to the bus for its back-off.
 * While it waits it tells the bus it is still `working()`, so the delivery is not redelivered beside itself.
 *
 * The observed bus (`observeBus`) runs every consumer's handlers under this; handlers are idempotent, as
 * at-least-once delivery requires anyway. When `signal` aborts (the consumer is stopping), it stops
 * waiting and throws the database's error: the bus hands the message back, and the next consumer to
 * start gets it (decision 0049: nothing is dropped).
 */
export function waitOutDatabaseOnLastDelivery<T>(
  handle: (data: T, meta: EventMeta) => Promise<void>,
  options: { signal: AbortSignal },
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
        if (!isLastTry(meta) || !isDatabaseUnavailable(error)) throw error;
        if (waitedMs === 0)
          meta.logger.warn({ err: error }, 'database unreachable on the last delivery: waiting for it');
        meta.logger.debug({ retryInMs: delayMs }, 'database still unreachable');
        meta.working();
        // An abort ends the pause early instead of rejecting: the check below decides what happens.
        await sleep(delayMs, undefined, { signal: options.signal }).catch(() => undefined);
        if (options.signal.aborted) {
          meta.logger.warn({ err: error }, 'stopping while the database is unreachable: the event is handed back');
          throw error;
        }
        waitedMs += delayMs;
        delayMs = Math.min(delayMs * 2, databaseRetryDelayMs.longest);
      }
    }
  };
}

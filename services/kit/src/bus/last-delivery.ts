import type { EventMeta } from './bus';

/**
 * Makes an event handler's last delivery end in a decision instead of silence. The bus terminates a
 * message whose handler still throws on delivery `maxDeliver`; work that someone waits for (a book in
 * planning) would then wait for ever. Wrapped, the handler's failure on that last delivery runs `giveUp`
 * (record the failure for good) and the message is acknowledged. Earlier failures are thrown on, so the
 * bus redelivers them after its back-off. If `giveUp` itself throws, the bus terminates and logs as before.
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
      if (meta.deliveryCount < maxDeliver) throw error;
      meta.logger.warn({ err: error, deliveryCount: meta.deliveryCount }, 'last delivery failed: giving up');
      await giveUp(data, error, meta);
    }
  };
}

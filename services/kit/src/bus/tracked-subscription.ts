import type { Subscription } from './bus';

/** A subscription whose first `stop` runs `detach` (awaited when it is async); every `stop` waits for `settled`. */
export function stopOnce(detach: () => void | Promise<void>, settled: () => Promise<unknown>): Subscription {
  let stopped = false;
  return {
    async stop() {
      if (!stopped) {
        stopped = true;
        const detaching = detach();
        if (detaching) await detaching;
      }
      await settled();
    },
  };
}

/**
 * A subscription kept in `subscriptions` (what closing the bus stops) until it stops: the first `stop`
 * runs `detach` and leaves the set, and every `stop` waits for `settled` (its handlers in flight).
 */
export function trackedSubscription(
  subscriptions: Set<Subscription>,
  detach: () => void,
  settled: () => Promise<unknown>,
): Subscription {
  const subscription = stopOnce(() => {
    detach();
    subscriptions.delete(subscription);
  }, settled);
  subscriptions.add(subscription);
  return subscription;
}

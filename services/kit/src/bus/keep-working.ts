import type { EventMeta } from './bus';

/**
 * Runs a long handler under a short ack wait: while it runs, it tells the bus every `everyMs` that it is
 * still `working()`. A live process so keeps its delivery however long the work takes (a plan from a
 * slow model), while a process that stops (killed, SIGSTOP, a blocked event loop) stops saying so, and its
 * delivery goes to another consumer after one ack wait instead of after the longest work could take.
 * `everyMs` must be well under the consumer's ack wait (a third of it leaves room for a slow tick).
 */
export function keepWorking<Data>(
  handle: (data: Data, meta: EventMeta) => Promise<void>,
  everyMs: number,
): (data: Data, meta: EventMeta) => Promise<void> {
  return async (data, meta) => {
    const timer = setInterval(() => meta.working(), everyMs);
    try {
      await handle(data, meta);
    } finally {
      clearInterval(timer);
    }
  };
}

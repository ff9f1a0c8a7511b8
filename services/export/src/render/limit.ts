/**
 * Runs at most `concurrency` tasks at a time; the others wait their turn in order. Exports are CPU and
 * memory heavy: a burst of them queues here instead of running all at once.
 */
export function createLimit(concurrency: number) {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be an integer >= 1');
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
export type Limit = ReturnType<typeof createLimit>;

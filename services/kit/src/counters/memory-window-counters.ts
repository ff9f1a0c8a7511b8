import type { WindowCount, WindowCounters } from './window-counters';

/** Keys kept before expired ones are swept, so a flood of one-off keys (IPs) cannot grow memory forever. */
const sweepAbove = 10_000;

/** Counters in this process's memory: the embedded default, where one process is the whole gateway. */
export function createMemoryWindowCounters(now: () => number = Date.now): WindowCounters {
  const entries = new Map<string, WindowCount>();
  const open = (key: string): WindowCount | undefined => {
    const entry = entries.get(key);
    return entry && entry.resetAt > now() ? entry : undefined;
  };
  const sweep = () => {
    const at = now();
    for (const [key, entry] of entries) if (entry.resetAt <= at) entries.delete(key);
  };
  return {
    async read(key, windowMs) {
      const entry = open(key);
      return entry ? { ...entry } : { count: 0, resetAt: now() + windowMs };
    },
    increment(key, windowMs) {
      const entry = open(key);
      // Counted in place while the window is open: every API token request passes here.
      if (entry) {
        entry.count += 1;
        return { count: entry.count, resetAt: entry.resetAt };
      }
      const opened = { count: 1, resetAt: now() + windowMs };
      entries.set(key, opened);
      if (entries.size > sweepAbove) sweep();
      return { ...opened };
    },
    async decrement(key) {
      const entry = open(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

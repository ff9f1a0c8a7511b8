/** A key's count in its current fixed window, and when (epoch ms) that window ends. */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters keyed by strings: what rate limits count with. A window opens at a key's first
 * increment and lasts `windowMs`; once it has ended the key counts from zero again.
 *
 * The store is the port; the adapter decides how far the counts reach: one process's memory (embedded
 * mode) or a NATS KV bucket shared by every gateway replica (distributed mode), so N replicas together
 * allow the limit, not N times it. Increments are atomic across everything that shares the store.
 * See services/kit/src/counters/window-counters.contract.test.ts for the behaviour both must have.
 */
export interface WindowCounters {
  /** The count in the key's open window; 0 (and a window that would start now) when none is open. */
  read(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * Adds one, opening a window of `windowMs` when none is open; the count after it. An adapter that holds the
   * counts in this process answers at once, without a promise: an API token's request counts on every call,
   * and a promise there costs the request its synchronous path (bench/api's bearer row).
   */
  increment(key: string, windowMs: number): WindowCount | Promise<WindowCount>;
  /** Takes one back (a call that turned out not to count); never below zero, never opens a window. */
  decrement(key: string): Promise<void>;
  /** Forgets the key: its next increment opens a new window. */
  clear(key: string): Promise<void>;
  /** Releases what the adapter opened (its NATS connection). */
  close(): Promise<void>;
}

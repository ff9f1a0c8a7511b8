import type { CacheLookup } from '../observability/cache-metrics';

export interface PerUserCacheOptions {
  /** How long a user's value is answered from memory; 0 reads it every time. */
  ttlMs: number;
  /** Most users whose values are held; the least recently stored goes first when full. */
  maxUsers: number;
  /**
   * How far another replica's clock may be ahead of this one's: a value read less than this after the
   * author's own write (as the write-mark cookie dates it) is never answered from memory.
   */
  maxClockSkewMs: number;
  /** Told of every lookup, for the hit and miss counts. */
  observe?: (lookup: CacheLookup) => void;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  /** When the read that produced it started: it shows every write committed before then. */
  readAt: number;
}

interface Fill<T> {
  readAt: number;
  /** Set when the user's value is forgotten during the read: its answer may predate what changed. */
  invalidated: boolean;
  /** Changes (`update`) that arrived during the read, applied to its answer in order when it comes. */
  changes: ((held: T) => T | undefined)[];
  value: Promise<T>;
}

/**
 * A value per signed-in user that signed-in pages ask for over and over (their library, who they are), held
 * for a few seconds by this gateway replica. A cache it can lose, keyed by the user's id (never shared
 * between users), kept current by its owner through:
 * - `forgetUser` when an event says the user's value changed (every replica tails the events), or when
 *   this replica answers the user's own write;
 * - `wroteAt`, the user's last write as the write-mark cookie dates it: a value read before it (with the
 *   clock skew allowed) is never answered, whichever replica took the write (read-your-writes);
 * - a short TTL, which bounds what a lost event could leave behind.
 *
 * Requests of one user arriving together share one read. A value it hands out is never changed in place
 * (`update` stores a new one), so callers may keep what they derive from a value by its identity.
 */
export class PerUserCache<T> {
  readonly #options: PerUserCacheOptions & { now: () => number };
  readonly #keep: (value: T) => boolean;
  readonly #entries = new Map<string, Entry<T>>();
  readonly #fills = new Map<string, Fill<T>>();
  /** The timer that drops the oldest entry when its TTL ends (one at a time, never keeping the process up). */
  #sweep: ReturnType<typeof setTimeout> | undefined;

  /** `keep` says whether a value just read may be held; by default every value is. */
  constructor(options: PerUserCacheOptions, keep: (value: T) => boolean = () => true) {
    this.#options = { now: Date.now, ...options };
    this.#keep = keep;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The user's value: from memory when a fresh enough copy is held, else from `read`, whose answer is kept
   * unless something changed while it was read.
   */
  get(userId: string, wroteAt: number | undefined, read: () => Promise<T>): Promise<T> {
    const now = this.#options.now();
    // A copy read at or before this shows no more than the user's last write allows. A number, not a
    // closure: this runs on every signed-in page, and a named closure per call costs a property definition
    // under tsx (esbuild's keepNames).
    const readAfter = wroteAt === undefined ? -Infinity : wroteAt + this.#options.maxClockSkewMs;
    const entry = this.#entries.get(userId);
    if (entry && now - entry.readAt < this.#options.ttlMs && entry.readAt > readAfter) {
      this.#options.observe?.('hit');
      return Promise.resolve(entry.value);
    }
    const running = this.#fills.get(userId);
    if (running && !running.invalidated && running.readAt > readAfter) {
      this.#options.observe?.('hit');
      return running.value;
    }

    this.#options.observe?.('miss');
    const fill: Fill<T> = { readAt: now, invalidated: false, changes: [], value: read() };
    fill.value = fill.value
      .then((read) => {
        let value: T | undefined = read;
        for (const change of fill.changes) if (value !== undefined) value = change(value);
        // A change it could not apply: the answer as read goes to those waiting for it, and is not kept.
        if (value === undefined) return read;
        if (!fill.invalidated && this.#options.ttlMs > 0 && this.#keep(value))
          this.#store(userId, { value, readAt: fill.readAt });
        return value;
      })
      .finally(() => {
        if (this.#fills.get(userId) === fill) this.#fills.delete(userId);
      });
    this.#fills.set(userId, fill);
    return fill.value;
  }

  /** Something of the user's changed: the next lookup reads afresh, and a read in flight is not kept. */
  forgetUser(userId: string): void {
    this.#entries.delete(userId);
    const running = this.#fills.get(userId);
    if (running) running.invalidated = true;
  }

  /**
   * Moves the held value on without reading it again: `change` returns the new value, the same one to keep
   * it, or undefined to drop it. A read in flight may or may not show the change already, so `change` is
   * applied to its answer too when it comes: it must leave a value that already shows it as it is (progress
   * that only moves forward). Discarding that read instead made every request of the user read again while
   * a book was being written, each read queued behind the writing's statements.
   */
  update(userId: string, change: (held: T) => T | undefined): void {
    this.#fills.get(userId)?.changes.push(change);
    const entry = this.#entries.get(userId);
    if (!entry) return;
    const next = change(entry.value);
    if (next === undefined) this.#entries.delete(userId);
    else entry.value = next;
  }

  #store(userId: string, entry: Entry<T>): void {
    const held = this.#entries.get(userId);
    if (held && held.readAt > entry.readAt) return;
    this.#entries.delete(userId);
    this.#dropExpired();
    this.#entries.set(userId, entry);
    // Maps iterate in insertion order: the first key is the least recently stored.
    while (this.#entries.size > this.#options.maxUsers) this.#entries.delete(this.#entries.keys().next().value!);
    this.#scheduleSweep();
  }

  /**
   * Entries past their TTL are never answered again: drop those at the old end, so what a burst left behind
   * does not stay in memory until the cache fills (a held book is a whole manuscript).
   */
  #dropExpired(): void {
    const now = this.#options.now();
    for (const [key, old] of this.#entries) {
      if (now - old.readAt < this.#options.ttlMs) break;
      this.#entries.delete(key);
    }
  }

  /**
   * Drops the oldest entry when its TTL ends even if nothing is stored after it: otherwise the last books
   * opened before a quiet spell stayed in memory for as long as the process stayed idle (bench/README.md,
   * memory).
   */
  #scheduleSweep(): void {
    if (this.#sweep !== undefined) return;
    const oldest = this.#entries.values().next().value;
    if (oldest === undefined) return;
    const delay = Math.max(0, oldest.readAt + this.#options.ttlMs - this.#options.now());
    this.#sweep = setTimeout(() => {
      this.#sweep = undefined;
      this.#dropExpired();
      this.#scheduleSweep();
    }, delay);
    this.#sweep.unref();
  }
}

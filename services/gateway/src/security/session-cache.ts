import { hash } from 'node:crypto';
import type { ResolvedSession } from '@bookwright/contracts/bus';

export interface SessionCacheOptions {
  /** How long a resolved session is trusted without asking the user service again; 0 turns the cache off. */
  ttlMs: number;
  /** Most sessions held; the oldest entry goes first when full. */
  maxEntries: number;
  now?: () => number;
}

/** What a resolution answers: whose it is, and until when it holds (null: until revoked). */
interface Resolved {
  userId: string;
  expiresAt: string | null;
}

interface Entry<T> {
  session: T;
  /** The earlier of the cache's own expiry and the session's. */
  validUntil: number;
}

/**
 * The sessions (and, keyed by token and address, the API tokens) this gateway replica resolved in the last
 * few seconds, so a signed-in page or a program does not pay a bus round trip (and a database query) per
 * request to learn who is asking. A cache it can lose: a miss
 * asks the user service. Revocations reach it as events (every replica hears them) and, on the replica
 * that made the change, directly; the short TTL bounds what a lost event could leave behind.
 *
 * Keys are hashes of the tokens, so the raw cookies of every signed-in user do not sit in the heap.
 */
export class SessionCache<T extends Resolved = ResolvedSession> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #byKey = new Map<string, Entry<T>>();
  /** Resolutions under way, with the generation each began in: concurrent requests share one (`resolveOnce`). */
  readonly #resolving = new Map<string, { answer: Promise<T>; generation: number }>();
  /** Bumped by every invalidation: a resolution that started before one must not be stored after it. */
  #generation = 0;

  constructor(options: SessionCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The cache key of a token (a SHA-256 digest; the one-shot `hash` costs a third of a `createHash`). */
  static keyOf(token: string): string {
    return hash('sha256', token, 'base64url');
  }

  /**
   * Asks once for a key that concurrent requests bring together (the entry just ended, or was never there):
   * they share the answer, which is stored unless an invalidation came while asking; a request after an
   * invalidation asks anew. A synchronous throw of `ask` reaches the callers as a rejection.
   */
  resolveOnce(key: string, ask: () => Promise<T>): Promise<T> {
    const generation = this.#generation;
    // One begun before an invalidation may answer for a revoked session or token: not joined, asked again.
    const pending = this.#resolving.get(key);
    if (pending?.generation === generation) return pending.answer;
    let asked: Promise<T>;
    try {
      asked = ask();
    } catch (error) {
      asked = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const answer = asked
      .then((session) => {
        this.set(key, session, generation);
        return session;
      })
      .finally(() => {
        if (this.#resolving.get(key)?.answer === answer) this.#resolving.delete(key);
      });
    this.#resolving.set(key, { answer, generation });
    return answer;
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#byKey.size;
  }

  get(key: string): T | undefined {
    const entry = this.#byKey.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= this.#now()) {
      this.#byKey.delete(key);
      return undefined;
    }
    return entry.session;
  }

  /**
   * Stores a session resolved by the user service, unless an invalidation happened since the resolution
   * started (`generation` as read before asking): its answer may predate a revocation.
   */
  set(key: string, session: T, generation: number): void {
    if (this.#ttlMs <= 0 || generation !== this.#generation) return;
    const expiresAt = session.expiresAt === null ? Infinity : Date.parse(session.expiresAt);
    const validUntil = Math.min(this.#now() + this.#ttlMs, expiresAt);
    if (!(validUntil > this.#now())) return;
    this.#byKey.delete(key);
    this.#byKey.set(key, { session, validUntil });
    // Maps iterate in insertion order: the first key is the oldest entry.
    while (this.#byKey.size > this.#maxEntries) {
      const oldest = this.#byKey.keys().next().value as string;
      this.#byKey.delete(oldest);
    }
  }

  forgetKey(key: string): void {
    this.#generation += 1;
    this.#byKey.delete(key);
  }

  // The two scans below visit every entry (at most maxEntries): they run once per revocation, which is rare
  // next to the lookups a second index would slow down.
  forgetWhere(matches: (session: T) => boolean): void {
    this.#generation += 1;
    for (const [key, entry] of this.#byKey) if (matches(entry.session)) this.#byKey.delete(key);
  }

  forgetUser(userId: string): void {
    this.#generation += 1;
    for (const [key, entry] of this.#byKey) if (entry.session.userId === userId) this.#byKey.delete(key);
  }
}

import { AppError, apiMessages, type Book } from '@bookwright/contracts/http';
import { type BookBrief, requests } from '@bookwright/contracts/bus';
import { briefOf, buildBook } from '@bookwright/contracts/testing';
import type { Bus, Subscription } from '../bus/bus';

export interface CompletedManuscript {
  bookId: string;
  contentBlobKey: string;
  words: number;
  pages: number;
  /** Whether this call moved the book to ready (false: it had the manuscript already). */
  applied: boolean;
}

/**
 * The book service as the services that read and finish books see it, served on the bus: `book.get` and
 * `book.cover.set` with the real service's rule (404 for an unknown id and for another user's book), and
 * for the writer `book.brief.get` and a record of the `completeManuscript` / `recordFailure` calls, which
 * move a book that is being written to ready or failed (404 for a book it does not have, as the real one).
 * `failNext` makes the next calls of a request fail, like an unreachable book service. `build` fills in the
 * books a test adds (the shared fixture by default; a service passes its own).
 */
export class FakeBookService {
  readonly books = new Map<string, { book: Book; userId: string }>();
  /** `book.get` requests answered or refused. */
  requests = 0;
  /** The book ids of the `book.brief.get` requests, in order. */
  readonly briefRequests: string[] = [];
  readonly completions: CompletedManuscript[] = [];
  readonly failures: { bookId: string; step: string; reason: string }[] = [];
  readonly failNext = { completeManuscript: 0 };
  /**
   * Awaited after a `book.brief.get` is answered and before the answer goes back: where a test deletes the
   * book under its reader, as the real service may between the writer's read and its next step.
   */
  beforeBriefSent: ((bookId: string) => Promise<void>) | undefined;
  #subscriptions: Subscription[] = [];
  #waiters: Array<() => void> = [];

  constructor(private readonly build: (overrides: Partial<Book>) => Book = buildBook) {}

  /** Adds a book of `userId`'s: the builder's book with `overrides` (a whole Book is kept as it is). */
  add(userId: string, overrides: Partial<Book> = {}): Book {
    const book = this.build(overrides);
    this.books.set(book._id, { book, userId });
    return book;
  }

  /** Adds the book a brief describes (the builder fills in the rest); answers the brief. */
  addBrief(brief: BookBrief): BookBrief {
    const { userId, ...fields } = brief;
    this.add(userId, fields);
    return brief;
  }

  /** What the author's retry does: the failed book goes back to writing. */
  retry(bookId: string): void {
    this.#move(bookId, 'failed', 'writing');
  }

  async serve(bus: Bus): Promise<void> {
    const owned = (userId: string, bookId: string) => {
      const entry = this.books.get(bookId);
      if (!entry || entry.userId !== userId) throw new AppError(404, apiMessages.notFound);
      return entry;
    };
    this.#subscriptions = await Promise.all([
      bus.serve(requests.book.get, async ({ userId, bookId }) => {
        this.requests += 1;
        return owned(userId, bookId).book;
      }),
      // The fake knows owners only: the owner may do anything, anyone else has no role (404).
      bus.serve(requests.book.access, async ({ userId, bookId }) => {
        const entry = owned(userId, bookId);
        return { role: 'owner' as const, ownerId: entry.userId };
      }),
      bus.serve(requests.book.setCover, async ({ userId, bookId, coverImage }) => {
        const entry = owned(userId, bookId);
        entry.book = { ...entry.book, coverImage };
        return entry.book;
      }),
      bus.serve(requests.book.getBrief, async ({ bookId }) => {
        this.briefRequests.push(bookId);
        const entry = this.books.get(bookId);
        if (!entry) throw new AppError(404, apiMessages.notFound);
        const brief = briefOf(entry.book, entry.userId);
        await this.beforeBriefSent?.(bookId);
        return brief;
      }),
      bus.serve(requests.book.completeManuscript, async (input) => {
        if (this.failNext.completeManuscript > 0) {
          this.failNext.completeManuscript -= 1;
          throw new AppError(503, 'Service unavailable');
        }
        this.#known(input.bookId);
        const applied = this.#move(input.bookId, 'writing', 'ready');
        this.completions.push({ ...input, applied });
        this.#notify();
        return { applied };
      }),
      bus.serve(requests.book.recordFailure, async (input) => {
        this.#known(input.bookId);
        const applied = this.#move(input.bookId, 'writing', 'failed');
        this.failures.push(input);
        this.#notify();
        return { applied };
      }),
    ]);
  }

  /** Resolves once `predicate` holds (checked after every completion or failure the service records). */
  async waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('FakeBookService.waitFor: timed out');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 200));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }

  /** The real service's answer to a writer's report about a book it no longer has (deleted): 404. */
  #known(bookId: string): void {
    if (!this.books.has(bookId)) throw new AppError(404, apiMessages.notFound);
  }

  /** Moves the book from `from` to `to`; false when it is not at `from` (or unknown). */
  #move(bookId: string, from: Book['status'], to: Book['status']): boolean {
    const entry = this.books.get(bookId);
    if (entry?.book.status !== from) return false;
    entry.book = { ...entry.book, status: to };
    return true;
  }

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

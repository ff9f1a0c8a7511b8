import { randomUUID } from 'node:crypto';
import { AppError, type BookBrief, requests } from '@bookwright/contracts';
import { buildFictionState, buildNonFictionState } from '@bookwright/contracts/testing';
import type { Bus, Subscription } from '@bookwright/kit';

export { buildFictionState, buildNonFictionState };

export function buildBrief(overrides: Partial<BookBrief> = {}): BookBrief {
  return {
    _id: randomUUID(),
    userId: randomUUID(),
    title: 'The Dark Lighthouse',
    subtitle: null,
    genre: 'mystery',
    bookType: 'fiction',
    language: 'english',
    targetAudience: 'adult readers',
    size: 'short',
    prompt: 'A mystery in a fishing village',
    author: 'Test Author',
    status: 'writing',
    bookState: buildFictionState(),
    translation: null,
    ...overrides,
  };
}

export interface CompletedManuscript {
  bookId: string;
  contentBlobKey: string;
  words: number;
  pages: number;
  /** Whether this call moved the book to ready (false: it had the manuscript already). */
  applied: boolean;
}

/**
 * The book service's side of the writer's conversation, served on the bus: getBrief from the books
 * added, and a record of completeManuscript / recordFailure calls. `failNext` makes the next calls of a
 * request fail, like an unreachable book service.
 */
export class FakeBookService {
  readonly books = new Map<string, BookBrief>();
  readonly completions: CompletedManuscript[] = [];
  readonly failures: { bookId: string; step: string; reason: string }[] = [];
  readonly briefRequests: string[] = [];
  readonly failNext = { completeManuscript: 0 };
  #subscriptions: Subscription[] = [];
  #waiters: Array<() => void> = [];

  add(brief: BookBrief): BookBrief {
    this.books.set(brief._id, brief);
    return brief;
  }

  async serve(bus: Bus): Promise<void> {
    this.#subscriptions = await Promise.all([
      bus.serve(requests.book.getBrief, async ({ bookId }) => {
        this.briefRequests.push(bookId);
        const brief = this.books.get(bookId);
        if (!brief) throw new AppError(404, 'Book not found');
        return brief;
      }),
      bus.serve(requests.book.completeManuscript, async (input) => {
        if (this.failNext.completeManuscript > 0) {
          this.failNext.completeManuscript -= 1;
          throw new AppError(503, 'Service unavailable');
        }
        const book = this.books.get(input.bookId);
        const applied = book?.status === 'writing';
        if (book && applied) this.books.set(input.bookId, { ...book, status: 'ready' });
        this.completions.push({ ...input, applied });
        this.#notify();
        return { applied };
      }),
      bus.serve(requests.book.recordFailure, async (input) => {
        const book = this.books.get(input.bookId);
        const applied = book?.status === 'writing';
        if (book && applied) this.books.set(input.bookId, { ...book, status: 'failed' });
        this.failures.push(input);
        this.#notify();
        return { applied };
      }),
    ]);
  }

  /** What the author's retry does: the failed book goes back to writing. */
  retry(bookId: string): void {
    const book = this.books.get(bookId);
    if (book) this.books.set(bookId, { ...book, status: 'writing' });
  }

  /** Resolves once `predicate` holds (checked after every call the service answers). */
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

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

import { randomUUID } from 'node:crypto';
import { AppError, allowanceExhaustedMessages, apiMessages, type Book, requests } from '@bookwright/contracts';
import { buildBook as buildSharedBook } from '@bookwright/contracts/testing';
import type { Bus, Subscription } from '@bookwright/kit';

/** A ready book of the shared fixture, with an id of its own and an author to typeset. */
export function buildBook(overrides: Partial<Book> = {}): Book {
  const now = new Date().toISOString();
  return buildSharedBook({
    _id: randomUUID(),
    status: 'ready',
    targetAudience: 'adult readers',
    author: 'Ines Varga',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/**
 * The book service as the cover service sees it: `book.get` and `book.cover.set`, 404 for an unknown id
 * and for another user's book.
 */
export class FakeBookService {
  readonly books = new Map<string, { book: Book; userId: string }>();
  #subscriptions: Subscription[] = [];

  add(userId: string, overrides: Partial<Book> = {}): Book {
    const book = buildBook(overrides);
    this.books.set(book._id, { book, userId });
    return book;
  }

  async serve(bus: Bus): Promise<void> {
    const owned = (userId: string, bookId: string) => {
      const entry = this.books.get(bookId);
      if (!entry || entry.userId !== userId) throw new AppError(404, apiMessages.notFound);
      return entry;
    };
    this.#subscriptions = await Promise.all([
      bus.serve(requests.book.get, async ({ userId, bookId }) => owned(userId, bookId).book),
      bus.serve(requests.book.setCover, async ({ userId, bookId, coverImage }) => {
        const entry = owned(userId, bookId);
        entry.book = { ...entry.book, coverImage };
        return entry.book;
      }),
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }
}

/** Billing's allowances: a number of covers per user (unlimited when unset), idempotent per key, refunds recorded. */
export class FakeBillingService {
  readonly coversLeft = new Map<string, number>();
  readonly consumed = new Map<string, string>();
  readonly refunds: string[] = [];
  #subscriptions: Subscription[] = [];

  async serve(bus: Bus): Promise<void> {
    this.#subscriptions = await Promise.all([
      bus.serve(requests.billing.consumeAllowance, async ({ userId, kind, key }) => {
        if (this.consumed.has(key)) return { remaining: this.coversLeft.get(userId) ?? null };
        const left = this.coversLeft.get(userId);
        if (left !== undefined && left <= 0) throw new AppError(403, allowanceExhaustedMessages[kind]);
        if (left !== undefined) this.coversLeft.set(userId, left - 1);
        this.consumed.set(key, userId);
        return { remaining: left === undefined ? null : left - 1 };
      }),
      bus.serve(requests.billing.refundAllowance, async ({ userId, key }) => {
        if (this.consumed.delete(key)) {
          this.refunds.push(key);
          const left = this.coversLeft.get(userId);
          if (left !== undefined) this.coversLeft.set(userId, left + 1);
        }
        return {};
      }),
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }
}

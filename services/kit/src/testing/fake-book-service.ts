import { AppError, apiMessages, type Book, requests } from '@bookwright/contracts';
import { buildBook } from '@bookwright/contracts/testing';
import type { Bus, Subscription } from '../bus/bus';

/**
 * The book service as a service that reads books sees it, served on the bus: `book.get` and
 * `book.cover.set`, with the real service's rule (404 for an unknown id and for another user's book).
 * `build` fills in the books a test adds (the shared fixture by default; a service passes its own).
 */
export class FakeBookService {
  readonly books = new Map<string, { book: Book; userId: string }>();
  /** `book.get` requests answered or refused. */
  requests = 0;
  #subscriptions: Subscription[] = [];

  constructor(private readonly build: (overrides: Partial<Book>) => Book = buildBook) {}

  /** Adds a book of `userId`'s: the builder's book with `overrides` (a whole Book is kept as it is). */
  add(userId: string, overrides: Partial<Book> = {}): Book {
    const book = this.build(overrides);
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
      bus.serve(requests.book.get, async ({ userId, bookId }) => {
        this.requests += 1;
        return owned(userId, bookId).book;
      }),
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

import { AppError, apiMessages, type Book, requests } from '@bookwright/contracts';
import type { Bus, Subscription } from '@bookwright/kit';

/**
 * The book service as the export service sees it: `book.get` on the bus, answering one user's books and
 * 404 for an unknown id or anyone else's book — the real service's rule.
 */
export class FakeBookService {
  readonly #books = new Map<string, { owner: string; book: Book }>();
  #subscription: Subscription | undefined;
  requests = 0;

  add(owner: string, book: Book): Book {
    this.#books.set(book._id, { owner, book });
    return book;
  }

  async serve(bus: Bus): Promise<void> {
    this.#subscription = await bus.serve(requests.book.get, async ({ userId, bookId }) => {
      this.requests += 1;
      const entry = this.#books.get(bookId);
      if (!entry || entry.owner !== userId) throw new AppError(404, apiMessages.notFound);
      return entry.book;
    });
  }

  async stop(): Promise<void> {
    await this.#subscription?.stop();
  }
}

import { randomUUID } from 'node:crypto';
import {
  AppError,
  allowanceExhaustedMessages,
  apiMessages,
  billingRequests,
  bookRequests,
  type Book,
} from '@bookwright/contracts';
import type { Bus, Subscription } from '@bookwright/kit';

export function buildBook(overrides: Partial<Book> & { userId?: string } = {}): Book {
  const now = new Date().toISOString();
  return {
    _id: randomUUID(),
    title: 'The Dark Lighthouse',
    subtitle: null,
    status: 'ready',
    genre: 'mystery',
    bookType: 'fiction',
    language: 'english',
    targetAudience: 'adult readers',
    size: 'short',
    coverImage: null,
    author: 'Ines Varga',
    createdAt: now,
    updatedAt: now,
    failure: null,
    progress: null,
    prompt: 'A mystery in a fishing village',
    bookState: {
      expandedIdea: {
        subGenre: 'coastal mystery',
        emotionalTone: 'tense, warm underneath',
        themes: ['memory', 'belonging'],
        centralConflict: 'A harbour pilot must find out who sank her father’s boat.',
        worldBuilding: {
          setting: 'Port Ardel, a fishing village on a northern coast',
          timePeriod: '1950s',
          culturalContext: 'A close community',
          uniqueElements: ['a dark lighthouse'],
        },
      },
      characters: [],
      plotOutline: { acts: [] },
    },
    identifier: null,
    languageMetadata: null,
    genreMetadata: 'mystery',
    publisher: null,
    description: null,
    keywords: [],
    rights: null,
    publicationDate: null,
    isbn: null,
    bookContent: null,
    ...overrides,
  };
}

/** The book service as the cover service sees it: `book.get`, 404 for an unknown id and for another user's book. */
export class FakeBookService {
  readonly books = new Map<string, { book: Book; userId: string }>();
  #subscription: Subscription | undefined;

  add(userId: string, overrides: Partial<Book> = {}): Book {
    const book = buildBook(overrides);
    this.books.set(book._id, { book, userId });
    return book;
  }

  async serve(bus: Bus): Promise<void> {
    this.#subscription = await bus.serve(bookRequests.get, async ({ userId, bookId }) => {
      const entry = this.books.get(bookId);
      if (!entry || entry.userId !== userId) throw new AppError(404, apiMessages.notFound);
      return entry.book;
    });
  }

  async stop(): Promise<void> {
    await this.#subscription?.stop();
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
      bus.serve(billingRequests.consumeAllowance, async ({ userId, kind, key }) => {
        if (this.consumed.has(key)) return { remaining: this.coversLeft.get(userId) ?? null };
        const left = this.coversLeft.get(userId);
        if (left !== undefined && left <= 0) throw new AppError(403, allowanceExhaustedMessages[kind]);
        if (left !== undefined) this.coversLeft.set(userId, left - 1);
        this.consumed.set(key, userId);
        return { remaining: left === undefined ? null : left - 1 };
      }),
      bus.serve(billingRequests.refundAllowance, async ({ userId, key }) => {
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

import { events, type BookSummary } from '@bookwright/contracts';
import { on, type Bus, type Subscription } from '@bookwright/kit';

export interface LibraryReadModelOptions {
  /** How long a user's list is answered from memory; 0 asks the book service every time. */
  ttlMs: number;
  /** Most users whose lists are held; the oldest entry goes first when full. */
  maxUsers: number;
  /**
   * How far another replica's clock may be ahead of this one's: a list read less than this after the
   * author's own write (as the write-mark cookie dates it) is never answered from memory.
   */
  maxClockSkewMs: number;
  now?: () => number;
}

interface Entry {
  books: BookSummary[];
  /** When the read that produced it started: it shows every write committed before then. */
  readAt: number;
}

interface Fill {
  readAt: number;
  /** Set when an event or a write arrives during the read: its answer may predate the change. */
  invalidated: boolean;
  books: Promise<BookSummary[]>;
}

/**
 * The library list (`GET /book`) of the users this replica served in the last few seconds: signed-in pages
 * ask for it on every visit and every 30-second refresh, and it changes far less often. A cache it can
 * lose, keyed by the signed-in user's id (never shared between users), kept current by:
 * - the book events on the bus, which every replica tails (progress is applied in place, anything else
 *   drops the user's entry);
 * - the author's own writes: this replica drops the entry before answering one, and any replica skips its
 *   memory for a list older than the write-mark cookie the write set (read-your-writes across replicas,
 *   even before the event arrives);
 * - a short TTL, which bounds what a lost event could leave behind.
 */
export class LibraryReadModel {
  readonly #options: Required<LibraryReadModelOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #fills = new Map<string, Fill>();

  constructor(options: LibraryReadModelOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The user's books: from memory when a fresh enough copy is held, else from `read` (the book service),
   * whose answer is kept unless something changed while it was read. `wroteAt` is the author's last write
   * as the write-mark cookie dates it.
   */
  async list(userId: string, wroteAt: number | undefined, read: () => Promise<BookSummary[]>): Promise<BookSummary[]> {
    const now = this.#options.now();
    const afterWrite = (readAt: number) => wroteAt === undefined || readAt > wroteAt + this.#options.maxClockSkewMs;
    const entry = this.#entries.get(userId);
    if (entry && now - entry.readAt < this.#options.ttlMs && afterWrite(entry.readAt)) return entry.books;
    // Requests of one user arriving together share one read, if it started late enough for them.
    const running = this.#fills.get(userId);
    if (running && !running.invalidated && afterWrite(running.readAt)) return running.books;

    const fill: Fill = { readAt: now, invalidated: false, books: Promise.resolve([]) };
    fill.books = read()
      .then((books) => {
        if (!fill.invalidated && this.#options.ttlMs > 0) this.#store(userId, { books, readAt: fill.readAt });
        return books;
      })
      .finally(() => {
        if (this.#fills.get(userId) === fill) this.#fills.delete(userId);
      });
    this.#fills.set(userId, fill);
    return fill.books;
  }

  /** Something of the user's books changed: the next list is read afresh. */
  forgetUser(userId: string): void {
    this.#entries.delete(userId);
    const running = this.#fills.get(userId);
    if (running) running.invalidated = true;
  }

  /**
   * A chapter was written. The writer announces it and the book service records it from the same event,
   * so reading the list again now could still show the old count: the held copy is moved forward instead
   * (never backward), and anything unexpected drops it.
   */
  applyProgress(userId: string, change: { bookId: string; chaptersWritten: number; chaptersTotal: number }): void {
    const entry = this.#entries.get(userId);
    const running = this.#fills.get(userId);
    if (running) running.invalidated = true;
    if (!entry) return;
    const index = entry.books.findIndex((book) => book._id === change.bookId);
    const book = entry.books[index];
    if (!book || (book.status !== 'writing' && book.status !== 'translating')) {
      this.forgetUser(userId);
      return;
    }
    if ((book.progress?.chaptersWritten ?? -1) >= change.chaptersWritten) return;
    const books = [...entry.books];
    books[index] = {
      ...book,
      progress: { chaptersWritten: change.chaptersWritten, chaptersTotal: change.chaptersTotal },
    };
    entry.books = books;
  }

  /** Tails the book events (every replica hears every event: fan-out, not a queue group). */
  listen(bus: Bus): Promise<Subscription> {
    const forget = async ({ userId }: { userId: string }) => this.forgetUser(userId);
    return bus.tail([
      on(events.bookCreated, forget),
      on(events.bookPlanningRequested, forget),
      on(events.bookPlanned, forget),
      on(events.bookConfirmed, forget),
      on(events.bookChapterWritten, async ({ userId, bookId, chaptersWritten, chaptersTotal }) =>
        this.applyProgress(userId, { bookId, chaptersWritten, chaptersTotal }),
      ),
      on(events.bookTranslationRequested, forget),
      on(events.bookChapterTranslated, async ({ userId, bookId, chaptersWritten, chaptersTotal }) =>
        this.applyProgress(userId, { bookId, chaptersWritten, chaptersTotal }),
      ),
      on(events.bookReady, forget),
      on(events.bookFailed, forget),
      on(events.bookUpdated, forget),
      on(events.bookDeleted, forget),
      on(events.userDeleted, forget),
    ]);
  }

  #store(userId: string, entry: Entry): void {
    const held = this.#entries.get(userId);
    if (held && held.readAt > entry.readAt) return;
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    // Maps iterate in insertion order: the first key is the least recently stored.
    while (this.#entries.size > this.#options.maxUsers) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

import { BookSchema, type Book, type BookRole, type BookStatus } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { on, type Bus, type Subscription } from '@bookwright/kit';
import { PerUserCache, type PerUserCacheOptions } from './per-user-cache';

export interface BookReadModelOptions extends Omit<PerUserCacheOptions, 'maxUsers'> {
  /** Most books held at once; the least recently read goes first when full. */
  maxBooks: number;
}

/** A book as GET /book/{id} answers it: the ETag and the body, serialised once. */
export interface HeldBook {
  etag: string;
  status: BookStatus;
  /** The reader's role on it: only an owner's copy is kept (see `get`). */
  role: BookRole;
  /** A workspace's book: never kept (its admins' access is the workspace's to take away). */
  inWorkspace: boolean;
  /** Shared with anyone (the body's `live`): its people come and go without a new version. */
  live: boolean;
  body: string;
}

/**
 * While a book is being planned, written or translated its row moves with events that other services
 * record (the writer announces a chapter, the book service records the progress from the same event), so
 * a read made on hearing the event could still predate it. Those books are read afresh every time; the
 * others change only by a request that raises their version and announces the change on the bus.
 */
const settled = (book: HeldBook) =>
  book.status !== 'planning' && book.status !== 'writing' && book.status !== 'translating';

/**
 * The books (`GET /book/{id}`) this replica served in the last few seconds, each as its ETag and its
 * serialised body: opening a ready book then costs no bus round trip, no zod pass and no JSON of the
 * manuscript, and `If-None-Match` can be answered with 304 from memory. Held in a PerUserCache (TTL,
 * read-your-writes, one read for requests arriving together) keyed by owner and book, so one user never
 * gets another's copy; every book event drops the book's copy on every replica, and the author's own
 * writes drop all of theirs (own-writes.ts).
 */
export class BookReadModel {
  readonly #books: PerUserCache<HeldBook>;
  /** The held books of each user, so a user's write or deletion drops all of them. */
  readonly #byUser = new Map<string, Set<string>>();

  constructor(options: BookReadModelOptions) {
    const { maxBooks, ...cache } = options;
    this.#books = new PerUserCache<HeldBook>({ ...cache, maxUsers: maxBooks }, settled);
  }

  get size(): number {
    return this.#books.size;
  }

  /**
   * The user's book, from memory or from `read` (the book service, whose access module decides). Only the
   * owner's copy of a personal book is kept: anyone else's access (a workspace admin's too) can be taken
   * away at any moment and must be asked for on every request, so their copy is answered and dropped.
   */
  async get(userId: string, bookId: string, wroteAt: number | undefined, read: () => Promise<Book>): Promise<HeldBook> {
    let books = this.#byUser.get(userId);
    if (!books) this.#byUser.set(userId, (books = new Set()));
    books.add(bookId);
    const held = await this.#books.get(key(userId, bookId), wroteAt, async () => hold(await read()));
    if (held.role !== 'owner' || held.inWorkspace) this.forgetBook(userId, bookId);
    return held;
  }

  /** The book changed: the next open reads it afresh. */
  forgetBook(userId: string, bookId: string): void {
    this.#byUser.get(userId)?.delete(bookId);
    this.#books.forgetUser(key(userId, bookId));
  }

  /** Something of the user's changed (their own write, their account): every book of theirs is read afresh. */
  forgetUser(userId: string): void {
    const books = this.#byUser.get(userId);
    if (!books) return;
    this.#byUser.delete(userId);
    for (const bookId of books) this.#books.forgetUser(key(userId, bookId));
  }

  /** Tails the book events (every replica hears every event: fan-out, not a queue group). */
  listen(bus: Bus): Promise<Subscription> {
    const forget = async ({ userId, bookId }: { userId: string; bookId: string }) => this.forgetBook(userId, bookId);
    return bus.tail([
      on(events.bookCreated, forget),
      on(events.bookPlanningRequested, forget),
      on(events.bookPlanned, forget),
      on(events.bookConfirmed, forget),
      on(events.bookChapterWritten, forget),
      on(events.bookTranslationRequested, forget),
      on(events.bookChapterTranslated, forget),
      on(events.bookReady, forget),
      on(events.bookFailed, forget),
      on(events.bookUpdated, forget),
      on(events.bookDeleted, forget),
      on(events.bookTrashed, forget),
      on(events.bookRestored, forget),
      // Someone joining or leaving changes the owner's copy (its `live`) but not the book's version.
      on(events.bookMemberAdded, async ({ ownerId, bookId }) => this.forgetBook(ownerId, bookId)),
      on(events.bookMemberRemoved, async ({ ownerId, bookId }) => this.forgetBook(ownerId, bookId)),
      on(events.userDeleted, async ({ userId }) => this.forgetUser(userId)),
    ]);
  }
}

// Ids are UUIDs, so the separator cannot occur in either.
const key = (userId: string, bookId: string) => `${userId}/${bookId}`;

function hold(book: Book): HeldBook {
  return {
    etag: book.etag,
    status: book.status,
    role: book.role,
    inWorkspace: book.workspaceId !== undefined,
    live: book.live === true,
    body: JSON.stringify(BookSchema.parse(book)),
  };
}

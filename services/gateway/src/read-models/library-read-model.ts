import { events } from '@bookwright/contracts/events';
import { type BookSummary } from '@bookwright/contracts/http';
import { on, type Bus, type Subscription } from '@bookwright/kit';
import { PerUserCache, type PerUserCacheOptions } from './per-user-cache';

export type LibraryReadModelOptions = PerUserCacheOptions;

/**
 * The library list (`GET /book`) of the users this replica served in the last few seconds: signed-in pages
 * ask for it on every visit and every 30-second refresh, and it changes far less often. Held in a
 * PerUserCache (TTL, read-your-writes, one read for requests arriving together), kept current by the book
 * events on the bus, which every replica tails: progress is applied in place, anything else drops the
 * user's entry. The author's own writes drop it too (own-writes.ts).
 *
 * A list it hands out is never changed in place (a change makes a new array), so callers may keep what they
 * derive from one (GET /book keeps its serialised body) by the array's identity.
 */
export class LibraryReadModel {
  readonly #lists: PerUserCache<BookSummary[]>;

  constructor(options: LibraryReadModelOptions) {
    this.#lists = new PerUserCache(options);
  }

  get size(): number {
    return this.#lists.size;
  }

  /**
   * The user's books, from memory or from `read` (the book service). A list with books shared with the
   * user, or a workspace's books, is answered but not kept: their access to those books is the access module's to decide on every
   * request, and the progress events of those books name someone else.
   */
  async list(userId: string, wroteAt: number | undefined, read: () => Promise<BookSummary[]>): Promise<BookSummary[]> {
    const books = await this.#lists.get(userId, wroteAt, read);
    if (books.some((book) => book.role !== 'owner' || book.workspaceId !== undefined)) this.#lists.forgetUser(userId);
    return books;
  }

  /** Something of the user's books changed: the next list is read afresh. */
  forgetUser(userId: string): void {
    this.#lists.forgetUser(userId);
  }

  /**
   * A chapter was written. The writer announces it and the book service records it from the same event,
   * so reading the list again now could still show the old count: the held copy is moved forward instead
   * (never backward), and anything unexpected drops it.
   */
  applyProgress(userId: string, change: { bookId: string; chaptersWritten: number; chaptersTotal: number }): void {
    this.#lists.update(userId, (books) => {
      const index = books.findIndex((book) => book._id === change.bookId);
      const book = books[index];
      if (!book || (book.status !== 'writing' && book.status !== 'translating')) return undefined;
      if ((book.progress?.chaptersWritten ?? -1) >= change.chaptersWritten) return books;
      const moved = [...books];
      moved[index] = {
        ...book,
        progress: { chaptersWritten: change.chaptersWritten, chaptersTotal: change.chaptersTotal },
      };
      return moved;
    });
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
      on(events.bookTrashed, forget),
      on(events.bookRestored, forget),
      on(events.userDeleted, forget),
      // A book shared with someone (or no longer): their list changes.
      on(events.bookMemberAdded, async ({ memberId }) => this.forgetUser(memberId)),
      on(events.bookMemberRemoved, async ({ memberId }) => this.forgetUser(memberId)),
      on(events.bookMemberRoleChanged, async ({ memberId }) => this.forgetUser(memberId)),
    ]);
  }
}

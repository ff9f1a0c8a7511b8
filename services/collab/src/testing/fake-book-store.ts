import { createHash } from 'node:crypto';
import { AppError, type BookRole, type TiptapDocument } from '@bookwright/contracts/http';
import {
  collabMessages,
  requests,
  type CollabLoad,
  type CollabLoadRequest,
  type CollabSave,
  type CollabSaved,
  type CollabStateStore,
  type CollabStateStored,
  type ManuscriptVersion,
} from '@bookwright/contracts/bus';
import type { Bus, Subscription } from '@bookwright/kit';
import type { BusFake } from '@bookwright/kit/testing';
import type { BookAccess } from '../access/book-access';
import type { CollabStore } from '../persistence/collab-store';

interface StoredBook {
  roles: Map<string, BookRole>;
  document: TiptapDocument;
  version: ManuscriptVersion;
  state: string | null;
  stateVersion: ManuscriptVersion | null;
  stateBuilt: boolean;
  /** Moves with every state stored, as the row's xmin does. */
  stateStamp: string | null;
}

/** The book service's version of a text: a hash of it (the real one hashes the chapters' hashes). */
export const versionOf = (document: TiptapDocument): ManuscriptVersion =>
  `m${createHash('sha256').update(JSON.stringify(document)).digest('hex')}`;

/**
 * The book service as the collab service sees it, in memory: who has which role on which book, and the
 * manuscript with its version and Yjs state, loaded and saved under the real rules (412 when `ifMatch` is
 * not the stored version and the text differs; the version moves only when the text does). `failSaves` /
 * `failLoads` make the next calls fail as an unreachable book service does (503). Usable directly (a
 * CollabStore and a BookAccess) or served on a bus (`serve`).
 */
export class FakeBookStore implements CollabStore, BookAccess, BusFake {
  readonly books = new Map<string, StoredBook>();
  /** Every save attempt, refused ones included, in order. */
  readonly saveAttempts: CollabSave[] = [];
  /** The saves that were stored. */
  readonly saves: CollabSave[] = [];
  /** The states stored after a build (book.collab.store-state), kept or not, in order. */
  readonly stateStores: (CollabStateStore & CollabStateStored)[] = [];
  loads = 0;
  /** The loads that found the state the collab service held standing (nothing large sent). */
  heldLoads = 0;
  failSaves = 0;
  failLoads = 0;
  #subscriptions: Subscription[] = [];
  #stamps = 0;

  add(bookId: string, document: TiptapDocument, roles: Record<string, BookRole>): void {
    const version = versionOf(document);
    this.books.set(bookId, {
      roles: new Map(Object.entries(roles)),
      document,
      version,
      state: null,
      stateVersion: null,
      stateBuilt: false,
      stateStamp: null,
    });
  }

  setRole(bookId: string, userId: string, role: BookRole | undefined): void {
    const book = this.#book(bookId);
    if (role) book.roles.set(userId, role);
    else book.roles.delete(userId);
  }

  /** A write from outside the live document (an API client's save, a restore): the state no longer matches. */
  writeOutside(bookId: string, document: TiptapDocument): void {
    const book = this.#book(bookId);
    book.document = document;
    book.version = versionOf(document);
  }

  stored(bookId: string): TiptapDocument {
    return this.#book(bookId).document;
  }

  async roleOn(userId: string, bookId: string): Promise<BookRole | undefined> {
    return this.books.get(bookId)?.roles.get(userId);
  }

  async load(bookId: string, options: Omit<CollabLoadRequest, 'bookId'> = {}): Promise<CollabLoad> {
    this.loads += 1;
    if (this.failLoads > 0) {
      this.failLoads -= 1;
      throw new AppError(503, 'Service unavailable');
    }
    const book = this.#book(bookId);
    const stateIsCurrent = book.stateVersion === book.version;
    const { held } = options;
    if (held && stateIsCurrent && held.stateVersion === book.version && held.stateStamp === book.stateStamp) {
      this.heldLoads += 1;
      return {
        bookId,
        manuscriptVersion: book.version,
        document: null,
        state: null,
        stateVersion: book.version,
        stateBuilt: book.stateBuilt,
        stateStamp: book.stateStamp,
        stateHeld: true,
      };
    }
    return {
      stateStamp: stateIsCurrent ? book.stateStamp : null,
      bookId,
      manuscriptVersion: book.version,
      document: stateIsCurrent && book.state && options.documentWithState === false ? null : book.document,
      state: stateIsCurrent ? book.state : null,
      stateVersion: stateIsCurrent ? book.stateVersion : null,
      stateBuilt: stateIsCurrent && book.stateBuilt,
    };
  }

  async save(input: CollabSave): Promise<CollabSaved> {
    this.saveAttempts.push(input);
    if (this.failSaves > 0) {
      this.failSaves -= 1;
      throw new AppError(503, 'Service unavailable');
    }
    const book = this.#book(input.bookId);
    const sameText = JSON.stringify(book.document) === JSON.stringify(input.document);
    if (input.ifMatch !== book.version && !sameText)
      throw new AppError(412, collabMessages.stale, {
        code: 'stale_manuscript',
        extra: { manuscriptVersion: book.version },
      });
    book.document = input.document;
    book.version = versionOf(input.document);
    book.state = input.state;
    book.stateVersion = book.version;
    book.stateBuilt = false;
    book.stateStamp = this.#nextStamp();
    this.saves.push(input);
    return {
      manuscriptVersion: book.version,
      etag: `"v${this.saves.length}"`,
      changedChapters: sameText ? [] : [0],
      stateStamp: book.stateStamp,
    };
  }

  /** As the book service keeps a state built from the chapters: only at the stored version, never over one. */
  async storeState(input: CollabStateStore): Promise<CollabStateStored> {
    const book = this.books.get(input.bookId);
    const stored = Boolean(book && input.manuscriptVersion === book.version && book.stateVersion !== book.version);
    if (book && stored) {
      book.state = input.state;
      book.stateVersion = input.manuscriptVersion;
      book.stateBuilt = true;
      book.stateStamp = this.#nextStamp();
    }
    this.stateStores.push({ ...input, stored });
    return stored && book ? { stored, stateStamp: book.stateStamp! } : { stored };
  }

  async serve(bus: Bus): Promise<void> {
    this.#subscriptions = await Promise.all([
      bus.serve(requests.book.access, async ({ userId, bookId }) => {
        const role = await this.roleOn(userId, bookId);
        if (!role) throw new AppError(404, 'Book not found');
        return { role, ownerId: 'owner' };
      }),
      bus.serve(requests.book.loadCollab, async ({ bookId, ...options }) => this.load(bookId, options)),
      bus.serve(requests.book.saveCollab, async (input) => this.save(input)),
      bus.serve(requests.book.storeCollabState, async (input) => this.storeState(input)),
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }

  #nextStamp(): string {
    this.#stamps += 1;
    return String(this.#stamps);
  }

  #book(bookId: string): StoredBook {
    const book = this.books.get(bookId);
    if (!book) throw new AppError(404, 'Book not found');
    return book;
  }
}

import * as Y from 'yjs';
import type { Document, Extension, Hocuspocus, onChangePayload } from '@hocuspocus/server';
import { bookIdOfDocument, isAppError, type TiptapDocument } from '@bookwright/contracts/http';
import { type CollabLoad, type ManuscriptVersion } from '@bookwright/contracts/bus';
import type { Logger } from '@bookwright/kit';
import { closeWith } from '../access/close-reasons';
import type { LiveContext } from '../access/live-context';
import type { HeldStates } from '../documents/held-states';
import type { ManuscriptCodec } from '../documents/manuscript-codec';
import type { CollabStore } from './collab-store';
import { mergeOutsideWrite } from './merge-outside-write';
import type { SaveStates } from './save-states';

/** The Redis extension applies other replicas' updates with this origin (@hocuspocus/extension-redis). */
export const replicaOrigin = '__hocuspocus__redis__origin__';
/** Edits the server makes itself: the stored chapters merged in after an outside write. */
export const mergeOrigin = 'bookwright-collab-merge';

/** One open book: what is stored, and what of the document is not yet. */
interface HeldBook {
  bookId: string;
  /** The manuscript version the next save is conditional on. */
  version: ManuscriptVersion;
  /**
   * The manuscript as stored at `version`: the base of a merge with an outside write. Opened from a stored
   * state, the text did not come with it (book.collab.load's documentWithState): the state's bytes stand
   * for it until a merge first needs it (`#baseOf`).
   */
  base: TiptapDocument | Uint8Array;
  editedBy: Set<string>;
  /** Changes seen, and how many of them the last good save held. */
  changes: number;
  savedChanges: number;
  /** The save under way (saves of one book run one after the other). */
  running: Promise<void>;
  retry: { timer: NodeJS.Timeout | undefined; attempt: number };
  /** Trashed or deleted while open: nothing more is saved. */
  gone: boolean;
  /**
   * The stamp of the stored state the document equals while nothing is unsaved (from its load, its build's
   * store or its last save); null when unknown. What a closed document's state is kept with (HeldStates).
   */
  stateStamp: string | null;
  /** Its state as it closes, kept once the document is really unloaded. */
  closing?: Uint8Array;
}

export interface BookPersistenceOptions {
  store: CollabStore;
  codec: ManuscriptCodec;
  saveStates: SaveStates;
  /** The states of documents closed lately, opened from again while they stand. */
  heldStates: HeldStates;
  logger: Logger;
  /** First back-off after a failed save, doubling up to `retryMaxMs`. */
  retryFirstMs: number;
  retryMaxMs: number;
}

/**
 * The live document's side of the manuscript (decision 0043): loads a book through `book.collab.load`
 * (its stored Yjs state when it was taken at the stored version, else a build from the chapters, on the
 * server only, whose state is then stored through `book.collab.store-state`), and saves it through `book.collab.save`, conditional on the version it loaded or last
 * saved. Hocuspocus calls the save at most every 2 s while edits arrive and at once when the last person
 * leaves. A save that fails is retried with back-off and the document is kept in memory until it is
 * stored (nothing is dropped); a 412 (the text moved outside the live document) merges the stored
 * chapters into the document before the next try.
 */
export class BookPersistence implements Extension {
  readonly extensionName = 'bookwright-persistence';
  readonly #held = new Map<string, HeldBook>();
  #instance: Hocuspocus | undefined;

  constructor(private readonly options: BookPersistenceOptions) {}

  async onConfigure({ instance }: { instance: Hocuspocus }) {
    this.#instance = instance;
  }

  async onLoadDocument({ documentName, document }: { documentName: string; document: Document }) {
    const bookId = bookIdOfDocument(documentName);
    try {
      if (!bookId) throw closeWith('book-gone');
      const { loaded, base, built, stateStamp } = await this.#fill(document, bookId);
      const held: HeldBook = {
        bookId,
        version: loaded.manuscriptVersion,
        base,
        editedBy: new Set(),
        changes: 0,
        savedChanges: 0,
        running: Promise.resolve(),
        retry: { timer: undefined, attempt: 0 },
        gone: false,
        stateStamp,
      };
      this.#held.set(documentName, held);
      if (built) this.#storeBuiltState(held, document);
    } catch (error) {
      // Hocuspocus 3.4.4 never destroys a document whose load failed (issue #1156): its Y.Doc and the
      // awareness timer would stay behind for every refused connection.
      document.destroy();
      const gone = isAppError(error) && (error.status === 404 || error.status === 409);
      this.options.logger.warn({ err: error, bookId }, 'collab: a book could not be opened');
      throw closeWith(gone ? 'book-gone' : 'unavailable');
    }
  }

  async onChange(payload: onChangePayload) {
    const { document, documentName, context, transactionOrigin } = payload;
    const held = this.#held.get(documentName);
    if (!held) return;
    held.changes += 1;
    const userId = (context as Partial<LiveContext> | undefined)?.userId;
    if (userId) held.editedBy.add(userId);
    if (this.options.saveStates.of(documentName) === 'saved') this.options.saveStates.set(document, 'saving');
    // Hocuspocus saves only what its own connections typed; what came from another replica is saved here
    // too, so a replica that dies before its save loses nothing the others hold. The server's own merges
    // likewise: this hook runs after the merge's transaction (hooks are async), so a save started at once
    // may have read the count before it moved, and nothing else would save the merge.
    if (transactionOrigin === replicaOrigin || transactionOrigin === mergeOrigin)
      this.#instance?.storeDocumentHooks(document, payload);
  }

  async onStoreDocument({ documentName, document }: { documentName: string; document: Document }) {
    await this.save(documentName, document);
  }

  /** Keeps a document with unsaved edits in memory (its save is being retried): Hocuspocus would unload it. */
  async beforeUnloadDocument({ documentName, document }: { documentName: string; document: Document }) {
    const held = this.#held.get(documentName);
    if (held && !held.gone && (held.changes !== held.savedChanges || held.retry.timer)) throw { unsaved: true };
    // Everything is stored: the document equals the stored state its stamp names.
    if (held && !held.gone && held.stateStamp !== null) held.closing = Y.encodeStateAsUpdate(document);
  }

  async afterUnloadDocument({ documentName }: { documentName: string }) {
    const held = this.#held.get(documentName);
    if (this.#instance?.documents.has(documentName)) {
      if (held) held.closing = undefined;
      return;
    }
    if (held) clearTimeout(held.retry.timer);
    if (held?.closing && held.stateStamp !== null && !held.gone)
      this.options.heldStates.keep(held.bookId, {
        state: held.closing,
        stateVersion: held.version,
        stateStamp: held.stateStamp,
      });
    this.#held.delete(documentName);
    this.options.saveStates.forget(documentName);
  }

  /** Whether a document holds edits not stored yet (or a save of them is being retried). */
  hasUnsaved(documentName: string): boolean {
    const held = this.#held.get(documentName);
    return Boolean(held && !held.gone && (held.changes !== held.savedChanges || held.retry.timer));
  }

  /** The book was trashed or deleted: its document is no longer saved (the book service would refuse). */
  markGone(documentName: string): void {
    const held = this.#held.get(documentName);
    if (!held) return;
    held.gone = true;
    this.options.heldStates.forget(held.bookId);
    clearTimeout(held.retry.timer);
    held.retry.timer = undefined;
  }

  /** Saves the document now (after the save under way, if any). */
  save(documentName: string, document: Document): Promise<void> {
    const held = this.#held.get(documentName);
    if (!held) return Promise.resolve();
    held.running = held.running
      .then(() => this.#saveOnce(held, documentName, document))
      .catch((error: unknown) => this.options.logger.error({ err: error, bookId: held.bookId }, 'collab: save broke'));
    return held.running;
  }

  /**
   * SIGTERM: saves every document with unsaved edits, retrying failures until `deadline` (epoch ms).
   * Answers the books still unsaved then (logged by the caller: those edits are lost with the process,
   * unless a person still has them and reconnects to another replica).
   */
  async flush(deadline: number): Promise<string[]> {
    const instance = this.#instance;
    if (instance)
      await Promise.all(
        [...this.#held.keys()].map((name) => instance.debouncer.executeNow(`onStoreDocument-${name}`)),
      ).catch(() => undefined);
    for (;;) {
      const unsaved = [...this.#held].filter(([name]) => this.hasUnsaved(name));
      if (unsaved.length === 0 || Date.now() >= deadline) return unsaved.map(([, held]) => held.bookId);
      for (const [, held] of unsaved) clearTimeout(held.retry.timer);
      for (const [, held] of unsaved) held.retry.timer = undefined;
      await Promise.all(
        unsaved.map(([name]) => {
          const document = instance?.documents.get(name);
          return document ? this.save(name, document) : Promise.resolve();
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, deadline - Date.now()))));
    }
  }

  /** Stops the retry timers (the process is going). */
  clear(): void {
    for (const held of this.#held.values()) clearTimeout(held.retry.timer);
  }

  /**
   * Loads the book and fills the empty document: from its stored state when one stands at the stored
   * version (then without the text: the state is all the document needs), else built from the chapters.
   * Answers what was loaded, the merge base, and whether the document was built.
   */
  async #fill(
    document: Document,
    bookId: string,
  ): Promise<{ loaded: CollabLoad; base: TiptapDocument | Uint8Array; built: boolean; stateStamp: string | null }> {
    const held = this.options.heldStates.take(bookId);
    let loaded = await this.options.store.load(bookId, {
      documentWithState: false,
      ...(held && { held: { stateVersion: held.stateVersion, stateStamp: held.stateStamp } }),
    });
    if (held && loaded.stateHeld) {
      Y.applyUpdate(document, held.state);
      return { loaded, base: held.state, built: false, stateStamp: held.stateStamp };
    }
    if (loaded.state && loaded.stateVersion === loaded.manuscriptVersion) {
      const state = Buffer.from(loaded.state, 'base64');
      try {
        Y.applyUpdate(document, state);
        return { loaded, base: loaded.document ?? state, built: false, stateStamp: loaded.stateStamp ?? null };
      } catch (error) {
        this.options.logger.warn({ err: error, bookId }, 'collab: stored state unreadable, rebuilt');
      }
    }
    if (loaded.document === null) loaded = await this.options.store.load(bookId);
    if (loaded.document === null) throw new Error(`book.collab.load of ${bookId} answered no manuscript`);
    // Built on the server only, never by a client, and the same items on every replica that builds it
    // (manuscript's fill: one Yjs client per text), so three people opening a book at once see it once.
    this.options.codec.fill(document, loaded.document);
    return { loaded, base: loaded.document, built: true, stateStamp: null };
  }

  /** The merge base as text: derived once from the state the document was opened from, if it was. */
  #baseOf(held: HeldBook): TiptapDocument {
    if (!(held.base instanceof Uint8Array)) return held.base;
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, held.base);
      held.base = this.options.codec.read(doc);
    } finally {
      doc.destroy();
    }
    return held.base;
  }

  /**
   * A document just built from the chapters: its state is stored beside them (book.collab.store-state), so
   * that the next open applies it instead of building again (the build is most of an open's time, and
   * until now a state was stored only by a live save, after an edit). Taken on the next turn of the event
   * loop, after the sync of the person opening has been answered, and only if nothing changed the document
   * since the build: a state with an edit in it would stand for a text the chapters do not hold (that one
   * is stored by the save, with the chapters). Lost or refused, it costs the next open a build, nothing else.
   */
  #storeBuiltState(held: HeldBook, document: Document): void {
    const { bookId, version: manuscriptVersion } = held;
    let changed = false;
    const onUpdate = () => {
      changed = true;
    };
    // The document's own event, synchronous: Hocuspocus's onChange hooks run later than the update.
    document.on('update', onUpdate);
    setImmediate(() => {
      document.off('update', onUpdate);
      if (changed) return;
      const state = Buffer.from(Y.encodeStateAsUpdate(document)).toString('base64');
      this.options.store
        .storeState({ bookId, manuscriptVersion, state })
        .then(({ stateStamp }) => {
          // Still the document as built (a save since would have told its own stamp).
          if (stateStamp && held.changes === 0 && held.stateStamp === null) held.stateStamp = stateStamp;
        })
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error, bookId }, 'collab: the state of a built document was not stored'),
        );
    });
  }

  async #saveOnce(held: HeldBook, documentName: string, document: Document): Promise<void> {
    clearTimeout(held.retry.timer);
    held.retry.timer = undefined;
    if (held.gone || document.isDestroyed || held.changes === held.savedChanges) return;
    const startedAt = held.changes;
    const editors = [...held.editedBy];
    const json = this.options.codec.read(document);
    this.options.saveStates.set(document, held.retry.attempt > 0 ? 'retrying' : 'saving');
    try {
      const saved = await this.options.store.save({
        bookId: held.bookId,
        ifMatch: held.version,
        document: json,
        state: Buffer.from(Y.encodeStateAsUpdate(document)).toString('base64'),
        editedBy: editors,
      });
      held.version = saved.manuscriptVersion;
      held.base = json;
      held.savedChanges = startedAt;
      held.stateStamp = saved.stateStamp ?? null;
      held.retry.attempt = 0;
      for (const userId of editors) held.editedBy.delete(userId);
      this.options.saveStates.set(document, held.changes === startedAt ? 'saved' : 'saving');
      this.#unloadIfIdle(document);
    } catch (error) {
      await this.#failed(held, documentName, document, error);
    }
  }

  async #failed(held: HeldBook, documentName: string, document: Document, error: unknown): Promise<void> {
    const { logger } = this.options;
    if (isAppError(error) && error.status === 404) {
      logger.error({ bookId: held.bookId }, 'collab: the book is gone; its unsaved live edits are dropped');
      this.markGone(documentName);
      this.#unloadIfIdle(document);
      return;
    }
    if (isAppError(error) && error.status === 412) {
      try {
        await this.#mergeStored(held, document, await this.options.store.load(held.bookId));
        held.retry.attempt = 0;
        this.#scheduleRetry(held, documentName, document, 0);
        return;
      } catch (mergeError) {
        error = mergeError;
      }
    }
    held.retry.attempt += 1;
    const delay = Math.min(this.options.retryMaxMs, this.options.retryFirstMs * 2 ** (held.retry.attempt - 1));
    logger.warn({ err: error, bookId: held.bookId, attempt: held.retry.attempt, delay }, 'collab: save failed');
    this.options.saveStates.set(document, 'retrying');
    this.#scheduleRetry(held, documentName, document, delay);
  }

  #scheduleRetry(held: HeldBook, documentName: string, document: Document, delay: number): void {
    clearTimeout(held.retry.timer);
    held.retry.timer = setTimeout(() => {
      held.retry.timer = undefined;
      void this.save(documentName, document);
    }, delay);
  }

  /**
   * A write from outside the live document was committed (book.updated, book.ready): brings the stored
   * chapters into `document` now, as edits the people in it see, instead of at the next save's 412. Runs
   * after the save under way (saves and merges of one book never interleave), and answers whether the text
   * had moved (false: the stored manuscript is the version this document last loaded or saved, its own save).
   */
  applyStored(documentName: string, document: Document): Promise<boolean> {
    const held = this.#held.get(documentName);
    if (!held) return Promise.resolve(false);
    const applied = held.running.then(async () => {
      if (held.gone || document.isDestroyed) return false;
      const loaded = await this.options.store.load(held.bookId);
      if (loaded.manuscriptVersion === held.version) return false;
      await this.#mergeStored(held, document, loaded);
      return true;
    });
    held.running = applied.then(
      () => undefined,
      () => undefined,
    );
    return applied;
  }

  /**
   * The text moved outside the live document (a save's 412, or the event of an outside write): the one
   * merge of both paths. A state stored with it and saved by a live document (another replica of this one)
   * merges as the CRDT it is; one built from the chapters does not (it may never have seen this document).
   * Otherwise it was an outside write: its chapters are merged into the document as edits
   * (merge-outside-write.ts), never overwritten by it, in one transaction whose origin marks it as the
   * server's; the version the next save is conditional on moves to the stored one.
   */
  async #mergeStored(held: HeldBook, document: Document, loaded: CollabLoad): Promise<void> {
    // Loaded with its text (the merges' loads do not leave it out).
    if (loaded.document === null) throw new Error(`book.collab.load of ${held.bookId} answered no manuscript`);
    // A state built from the chapters (stateBuilt) may come from a replica that never saw this document: its
    // items for a changed chapter would sit beside this document's own, so it is merged as text instead.
    if (loaded.state && loaded.stateVersion === loaded.manuscriptVersion && !loaded.stateBuilt) {
      Y.applyUpdate(document, Buffer.from(loaded.state, 'base64'), mergeOrigin);
    } else {
      const ours = this.options.codec.read(document);
      const merged = mergeOutsideWrite(this.#baseOf(held), loaded.document, ours);
      if (merged.conflicts.length > 0 || merged.tookTheirsWhole)
        this.options.logger.warn(
          { bookId: held.bookId, conflicts: merged.conflicts, tookTheirsWhole: merged.tookTheirsWhole },
          'collab: an outside write and live edits met in the same chapters; the outside write was kept there',
        );
      this.options.codec.replace(document, merged.document, mergeOrigin);
    }
    held.version = loaded.manuscriptVersion;
    held.base = loaded.document;
    // Merged in: the document is no longer the state stored with any stamp it knows, until its next save.
    held.stateStamp = null;
  }

  #unloadIfIdle(document: Document): void {
    const instance = this.#instance;
    if (instance && document.getConnectionsCount() === 0 && !this.hasUnsaved(document.name))
      setTimeout(() => void instance.unloadDocument(document), 0);
  }
}

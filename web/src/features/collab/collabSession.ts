import { WebSocketStatus, type onCloseParameters } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { isApiError } from '../../api/baseQuery';
import {
  closeActionOf,
  parseCollabSaveState,
  type CloseAction,
  type CollabSaveState,
  type CollabToken,
} from './collabContract';
import { createBookProvider, socketUrl, type BookConnection } from './bookProvider';
import { forgetLocalCopy, keepLocally, localCopyName, readLocalCopy, sharesHistory, stateVectorOf } from './localCopy';
import type { PresenceUser } from './presence';
import { isAccessRefusal, TokenKeeper } from './tokenKeeper';

export interface CollabState {
  /**
   * Waiting for the server's document; ready once it came (never filled here); closed when the person may no
   * longer open the book; refused when the server refused what this page sent (the page must be reloaded).
   */
  phase: 'connecting' | 'ready' | 'closed' | 'refused';
  /** The socket is open and the document in step with the server's. */
  connected: boolean;
  online: boolean;
  /** Edits of this page the server has not acknowledged. */
  unsynced: number;
  serverSave: CollabSaveState | undefined;
  /** The server lets this person read only (viewer, commenter; or the token said so). */
  readOnly: boolean;
  /** The local copy on this device belonged to another document (rebuilt since) and was not merged. */
  discardedLocalCopy: boolean;
}

export interface CollabSessionOptions {
  bookId: string;
  user: PresenceUser;
  fetchToken: () => Promise<CollabToken>;
  location: { protocol: string; host: string };
  /** The server closed the connection or refused the person: read their access to the book again. */
  accessChanged: () => void;
  /** Keep the document on this device (y-indexeddb); off where there is no IndexedDB. */
  keepLocalCopy?: boolean;
  WebSocketPolyfill?: unknown;
}

const maxRejoinDelayMs = 30_000;

/**
 * One page's live session on one book: the Yjs document, its connection to the collab service with a token
 * kept fresh, the copy kept on this device, and the state the page shows (ready, saved, read-only).
 */
export class CollabSession {
  readonly doc = new Y.Doc();
  private connection: BookConnection | undefined;
  private readonly keeper: TokenKeeper;
  private state: CollabState;
  private readonly listeners = new Set<() => void>();
  private persistence: { destroy(): Promise<void> } | undefined;
  private stopped = false;
  private rejoins = 0;
  private rejoinTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly keepLocal: boolean;

  constructor(private readonly options: CollabSessionOptions) {
    this.keepLocal = options.keepLocalCopy ?? typeof indexedDB !== 'undefined';
    this.state = {
      phase: 'connecting',
      connected: false,
      online: typeof navigator === 'undefined' || navigator.onLine !== false,
      unsynced: 0,
      serverSave: undefined,
      readOnly: false,
      discardedLocalCopy: false,
    };
    this.keeper = new TokenKeeper({
      fetchToken: options.fetchToken,
      // The one place a renewed token lands: sent on the open socket, the session goes on (decision 0043).
      refreshToken: () => void this.connection?.provider.sendToken(),
      accessRefused: (error) => this.accessRefused(error),
    });
  }

  get provider() {
    return this.connection?.provider;
  }

  getState = (): CollabState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(change: Partial<CollabState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Fetches the first token, then connects; the kept copy is read meanwhile. */
  async start(): Promise<void> {
    const name = localCopyName(this.options.bookId);
    const localCopy = this.keepLocal ? readLocalCopy(name) : undefined;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
    const token = await this.firstToken();
    if (!token || this.stopped) return;
    let first = true;
    this.connection = createBookProvider({
      url: socketUrl(token.url, this.options.location),
      name: token.documentName,
      document: this.doc,
      token: () => this.keeper.current(),
      WebSocketPolyfill: this.options.WebSocketPolyfill,
      events: {
        onSynced: () => {
          this.rejoins = 0;
          this.update({ connected: true });
          if (first) {
            first = false;
            void this.becomeReady(localCopy);
          }
        },
        onStatus: ({ status }) => {
          if (status !== WebSocketStatus.Connected) this.update({ connected: false, serverSave: undefined });
        },
        onClose: (event) => this.onClose(event),
        onAuthenticated: ({ scope }) => this.scopeChanged(scope === 'readonly'),
        onAuthenticationFailed: ({ reason }) => this.refused(reason),
        onUnsyncedChanges: ({ number }) => this.update({ unsynced: number }),
        onStateless: ({ payload }) => {
          const serverSave = parseCollabSaveState(payload);
          if (serverSave) this.update({ serverSave });
        },
      },
    });
    this.connection.provider.setAwarenessField('user', this.options.user);
    this.update({ readOnly: token.readOnly });
  }

  /** The first token, tried again with growing pauses while the network fails; none once refused. */
  private async firstToken(): Promise<CollabToken | undefined> {
    for (let attempt = 0; !this.stopped; attempt += 1) {
      try {
        await this.keeper.current();
        return this.keeper.token;
      } catch (error) {
        if (isAccessRefusal(error)) return undefined;
        await new Promise((resolve) => setTimeout(resolve, Math.min(maxRejoinDelayMs, 1_000 * 2 ** attempt)));
      }
    }
    return undefined;
  }

  /**
   * The server's document is here: the copy kept on this device joins it when it is a copy of this document
   * (its offline edits then reach the server), and the editor may show.
   */
  private async becomeReady(localCopy: ReturnType<typeof readLocalCopy> | undefined) {
    if (localCopy && !this.state.readOnly) {
      const copy = await localCopy;
      const foreign = copy.userId !== undefined && copy.userId !== this.options.user.id;
      const discard = foreign || !sharesHistory(stateVectorOf(this.doc), copy.state);
      if (this.stopped) return;
      if (discard && copy.state.size > 0) this.update({ discardedLocalCopy: true });
      const name = localCopyName(this.options.bookId);
      const persistence = await keepLocally(name, this.doc, { userId: this.options.user.id, discard });
      if (this.stopped) void persistence?.destroy();
      else this.persistence = persistence;
    } else if (this.keepLocal) {
      // Someone who may only read keeps no copy: nothing of theirs is waiting to be sent.
      void forgetLocalCopy(localCopyName(this.options.bookId));
    }
    if (!this.stopped) this.update({ phase: 'ready' });
  }

  private scopeChanged(readOnly: boolean) {
    if (readOnly) this.forgetKeptCopy();
    this.update({ readOnly });
  }

  /** This page keeps nothing on the device from now on, and the copy there goes. */
  private forgetKeptCopy() {
    if (!this.persistence) return;
    void this.persistence.destroy().then(() => forgetLocalCopy(localCopyName(this.options.bookId)));
    this.persistence = undefined;
  }

  private onClose({ event }: onCloseParameters) {
    if (this.stopped) return;
    this.update({ connected: false, serverSave: undefined });
    this.act(closeActionOf(event));
  }

  /**
   * The server refused the token: by its reason (removed, expired, could not check), or none could be
   * fetched (the network: `sendToken` reports that as a refusal too, with a reason of its own).
   */
  private refused(reason: string) {
    if (this.stopped || this.state.phase === 'closed') return;
    const action = closeActionOf({ code: 0, reason });
    this.act(action === 'network' ? 'later' : action);
  }

  /** What the page does on a close or a refusal (collabContract's actions). */
  private act(action: CloseAction) {
    switch (action) {
      case 'stop':
        // Removed, or the book is gone: the page reads the book again and says so.
        this.keeper.stop();
        this.accessRefused(undefined);
        return;
      case 'rejoin':
        // Another role, or the token ran out: a new token says the new role; the page reads it too.
        this.keeper.invalidate();
        this.options.accessChanged();
        this.scheduleRejoin();
        return;
      case 'reload':
        // The copy on this device holds what the server refused: kept, it would be sent again on the next
        // open and refused again, and the book could never be opened live on this device.
        this.connection?.socket.disconnect();
        this.forgetKeptCopy();
        this.update({ phase: 'refused' });
        return;
      case 'later':
        this.keeper.invalidate();
        this.scheduleRejoin();
        return;
      case 'network':
        // A close of the whole socket reconnects by itself; a close of the document alone is joined again.
        this.scheduleRejoin();
    }
  }

  private scheduleRejoin() {
    clearTimeout(this.rejoinTimer);
    const delay = Math.min(maxRejoinDelayMs, 500 * 2 ** this.rejoins);
    this.rejoins += 1;
    this.rejoinTimer = setTimeout(() => this.connection?.rejoin(), delay);
  }

  /** The person may no longer open the book: the connection ends, and so does the copy on this device. */
  private accessRefused(error: unknown) {
    clearTimeout(this.rejoinTimer);
    this.connection?.socket.disconnect();
    this.update({ phase: 'closed', connected: false });
    this.options.accessChanged();
    // A signed-out session (401) is not a refusal of the book: its edits stay on the device.
    if (isApiError(error) && error.status === 401) return;
    void this.persistence?.destroy();
    this.persistence = undefined;
    void forgetLocalCopy(localCopyName(this.options.bookId));
  }

  private onOnline = () => {
    this.update({ online: true });
    this.connection?.connectNow();
  };

  private onOffline = () => this.update({ online: false });

  /** "Retry now": the socket tries at once. */
  retryNow(): void {
    this.connection?.connectNow();
  }

  /** Resolves true once the server has every edit of this page, false if it has not within `waitMs`. */
  whenSaved(waitMs = 5_000): Promise<boolean> {
    const saved = () => this.state.connected && this.state.unsynced === 0;
    if (saved()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(false);
      }, waitMs);
      const unsubscribe = this.subscribe(() => {
        if (!saved()) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(true);
      });
    });
  }

  destroy(): void {
    this.stopped = true;
    clearTimeout(this.rejoinTimer);
    this.keeper.stop();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
    this.connection?.destroy();
    void this.persistence?.destroy();
    this.listeners.clear();
    this.doc.destroy();
  }
}

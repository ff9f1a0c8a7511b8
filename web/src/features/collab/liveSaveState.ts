import type { SaveState } from '../editor/saving/manuscriptSaver';
import type { CollabSaveState } from './collabContract';

/** What the page knows about where the reader's edits are. */
export interface LiveSaveInputs {
  /** The browser says it is online (navigator.onLine). */
  online: boolean;
  /** The socket is open and the server took the token. */
  connected: boolean;
  /** Edits of this page the server has not acknowledged (HocuspocusProvider.unsyncedChanges). */
  unsynced: number;
  /** What the server last said of storing the document, if it said anything. */
  serverSave: CollabSaveState | undefined;
}

/**
 * The save status of a live book, in the solo editor's words (SaveStatus): saved when the server has every
 * edit of this page and stores them; saving while it takes them; offline, kept on this device (IndexedDB),
 * when the browser is offline with edits to send; retrying when the socket is down while online, or when
 * the server says storing fails.
 */
export function liveSaveState({ online, connected, unsynced, serverSave }: LiveSaveInputs): SaveState {
  if (!online) return unsynced > 0 ? 'offline' : 'saved';
  if (!connected) return unsynced > 0 ? 'retrying' : 'saved';
  if (serverSave === 'retrying') return 'retrying';
  return unsynced > 0 || serverSave === 'saving' ? 'saving' : 'saved';
}

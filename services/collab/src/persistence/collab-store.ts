import {
  requests,
  type CollabLoad,
  type CollabLoadRequest,
  type CollabSave,
  type CollabSaved,
  type CollabStateStore,
  type CollabStateStored,
} from '@bookwright/contracts/bus';
import type { Bus } from '@bookwright/kit';

/**
 * Where live documents are loaded from and saved to: the book service, the one owner of the manuscript
 * (decision 0043). A save answers 412 (AppError, code `stale_manuscript`) when the manuscript's text moved
 * since `ifMatch`.
 */
export interface CollabStore {
  /**
   * `documentWithState: false`: the manuscript is left out (null) when a state is answered. `held`: the
   * state of the book's last session this process still holds; `stateHeld` answers that it stands.
   */
  load(bookId: string, options?: Omit<CollabLoadRequest, 'bookId'>): Promise<CollabLoad>;
  save(input: CollabSave): Promise<CollabSaved>;
  /**
   * Keeps the state of a document just built from the chapters at `manuscriptVersion`, so that the next
   * load answers it instead of a build; changes no text, version or ETag. `stored: false` when the text
   * moved since (or a state of that version is kept already).
   */
  storeState(input: CollabStateStore): Promise<CollabStateStored>;
}

/** A whole book crosses the bus both ways: give it longer than a page's request. */
const storeTimeoutMs = 30_000;

export function busCollabStore(bus: Bus): CollabStore {
  return {
    load: (bookId, options = {}) =>
      bus.request(requests.book.loadCollab, { bookId, ...options }, { timeoutMs: storeTimeoutMs }),
    save: (input) => bus.request(requests.book.saveCollab, input, { timeoutMs: storeTimeoutMs }),
    storeState: (input) => bus.request(requests.book.storeCollabState, input, { timeoutMs: storeTimeoutMs }),
  };
}

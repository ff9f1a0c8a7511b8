import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * The manuscript an author typed and the server does not hold yet, kept in this browser (IndexedDB) so a
 * crash, a reload or a dropped connection loses nothing. `baseEtag` is the server version the text was
 * edited from: on the next visit, a server still at that version takes the draft as it is; any other
 * version means someone else changed the book meanwhile, and the author is asked.
 */
export interface ManuscriptDraft {
  bookContent: string;
  /** The book's ETag when this text was last in step with the server; null when the server sent none. */
  baseEtag: string | null;
  /** ISO time of the last keystroke kept. */
  savedAt: string;
}

let store: UseStore | undefined;
// Opened on first use: jsdom tests and browsers without IndexedDB never open it unless a draft is kept.
const draftsStore = () => (store ??= createStore('bookwright-drafts', 'manuscripts'));

// One key per user and book: two accounts in one browser never see each other's drafts.
const draftKey = (userId: string, bookId: string): [string, string] => [userId, bookId];

function isDraft(value: unknown): value is ManuscriptDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.bookContent === 'string' &&
    (draft.baseEtag === null || typeof draft.baseEtag === 'string') &&
    typeof draft.savedAt === 'string'
  );
}

/** The kept draft, or undefined (also when IndexedDB is unavailable or the stored value is not one). */
export async function readDraft(userId: string, bookId: string): Promise<ManuscriptDraft | undefined> {
  try {
    const value: unknown = await get(draftKey(userId, bookId), draftsStore());
    return isDraft(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the draft; a browser that refuses (private mode, full quota) keeps nothing, and the server copy stays. */
export async function writeDraft(userId: string, bookId: string, draft: ManuscriptDraft): Promise<void> {
  try {
    await set(draftKey(userId, bookId), draft, draftsStore());
  } catch {
    // Nothing more can be done in the page: the status still says whether the server has the text.
  }
}

export async function clearDraft(userId: string, bookId: string): Promise<void> {
  try {
    await del(draftKey(userId, bookId), draftsStore());
  } catch {
    // A draft that cannot be deleted is offered again next time, and is then the same as the server's text.
  }
}

/** Signing out: every draft of that user goes; other users' drafts in this browser stay. */
export async function clearUserDrafts(userId: string): Promise<void> {
  try {
    const all = await keys(draftsStore());
    await Promise.all(
      all.filter((key) => Array.isArray(key) && key[0] === userId).map((key) => del(key, draftsStore())),
    );
  } catch {
    // As above.
  }
}

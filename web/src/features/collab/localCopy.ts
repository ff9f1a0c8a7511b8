import { clearDocument, IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';

/** The IndexedDB database of a live book's document on this device (y-indexeddb). */
export const localCopyName = (bookId: string) => `bookwright:book:${bookId}`;

/** Whose edits the copy holds: another account signed in on this browser never merges them. */
const ownerKey = 'userId';

/** Client id → clock, as Yjs encodes a document's state vector. */
export type StateVector = ReadonlyMap<number, number>;

export const stateVectorOf = (doc: Y.Doc): StateVector => Y.decodeStateVector(Y.encodeStateVector(doc));

/**
 * Whether a kept copy belongs to the server's document: they share a writer. The server fills a document
 * from the stored chapters with a new client id each time (decision 0043), so a copy of a document that was
 * since rebuilt shares none with it; merging the two would hold the book twice. An empty copy merges with
 * anything.
 */
export function sharesHistory(server: StateVector, local: StateVector): boolean {
  if (local.size === 0) return true;
  for (const client of local.keys()) if (server.has(client)) return true;
  return false;
}

/** A kept copy, read into a document of its own before anything is merged. */
export interface LocalCopy {
  state: StateVector;
  userId: string | undefined;
}

/** Reads the copy kept on this device (nothing when IndexedDB is missing or refuses). */
export async function readLocalCopy(name: string): Promise<LocalCopy> {
  if (typeof indexedDB === 'undefined') return { state: new Map(), userId: undefined };
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(name, doc);
  try {
    await persistence.whenSynced;
    const owner: unknown = await persistence.get(ownerKey);
    return { state: stateVectorOf(doc), userId: typeof owner === 'string' ? owner : undefined };
  } catch {
    return { state: new Map(), userId: undefined };
  } finally {
    await persistence.destroy().catch(() => undefined);
    doc.destroy();
  }
}

/**
 * Keeps `doc` on this device from now on: the kept copy's edits are merged into it first (they then reach
 * the server like any edit), unless `discard` says the copy must go (another document, another person).
 */
export async function keepLocally(
  name: string,
  doc: Y.Doc,
  { userId, discard }: { userId: string; discard: boolean },
): Promise<IndexeddbPersistence | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  try {
    if (discard) await forgetLocalCopy(name);
    const persistence = new IndexeddbPersistence(name, doc);
    await persistence.whenSynced;
    await persistence.set(ownerKey, userId);
    return persistence;
  } catch {
    // A browser that refuses (private mode, full quota) keeps nothing on the device; the server still has it.
    return undefined;
  }
}

/** Removes the copy (access to the book is gone, or the person may only read it). */
export async function forgetLocalCopy(name: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await (clearDocument(name) as Promise<unknown>).catch(() => undefined);
}

import * as Y from 'yjs';

/*
 * Reading what a live document already holds by Yjs id, without changing it (Yjs's own lookups that split
 * items are never used here: the document is read while an update waits to be checked).
 */

/** The item of `document` that holds `id`, or undefined when the document does not hold it or collected it. */
export function heldItem(document: Y.Doc, id: Y.ID): Y.Item | undefined {
  if (id.clock >= Y.getState(document.store, id.client)) return undefined;
  const struct = Y.getItem(document.store, id);
  return struct instanceof Y.Item ? struct : undefined;
}

/** Calls `visit` with each struct of `document` from `client` that holds a clock in [from, to). */
export function forEachHeldStruct(
  document: Y.Doc,
  client: number,
  from: number,
  to: number,
  visit: (struct: Y.Item | Y.GC) => void,
): void {
  const structs = document.store.clients.get(client);
  if (!structs || from >= to || from >= Y.getState(document.store, client)) return;
  for (let index = Y.findIndexSS(structs, from); index < structs.length; index++) {
    const struct = structs[index]!;
    if (struct.id.clock >= to) return;
    visit(struct);
  }
}

/**
 * Whether `document` holds all of `update`: every struct it carries, and every deletion in it done. Reads
 * only what the update names (Yjs's `snapshotContainsUpdate` would first walk the whole document).
 */
export function documentHolds(document: Y.Doc, update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  for (const struct of structs)
    if (!(struct instanceof Y.Skip) && Y.getState(document.store, struct.id.client) < struct.id.clock + struct.length)
      return false;
  for (const [client, ranges] of ds.clients)
    for (const { clock, len } of ranges) {
      if (Y.getState(document.store, client) < clock + len) return false;
      let deleted = true;
      forEachHeldStruct(document, client, clock, clock + len, (struct) => (deleted &&= struct.deleted));
      if (!deleted) return false;
    }
  return true;
}

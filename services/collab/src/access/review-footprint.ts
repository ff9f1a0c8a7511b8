import * as Y from 'yjs';
import { manuscriptFragmentName } from '@bookwright/manuscript';
import { forEachHeldStruct, heldItem } from './held-structs';
import { suggestionMarks } from './review-authorship';
import { blockMarksKey, markNameOfKey } from './yjs-mark-keys';

/*
 * Most updates are keystrokes in text nobody reviews. What the writers' check guards (suggestions-only.ts,
 * review-authorship.ts) is whose a suggestion or a comment anchor is, and, for an editor, the printed book:
 * an update from the owner or a co-author that neither carries a suggestion or comment mark nor touches a
 * block carrying one cannot put anything under anyone's name, so it needs neither the shadow document nor
 * the reading of blocks. This tells such an update from the others by reading only the update and the
 * blocks it names in the live document, which it leaves alone.
 *
 * Whatever it cannot tell for certain counts as `review` (checked in full): an update that overlaps what the
 * document holds or waits for what it does not, one naming something outside the manuscript or something
 * collected, one putting other than a block at the top. The full check decides those as it always did.
 */

/**
 * What an update does to a live document: `nothing` (it holds it all already: a page's answer to the first
 * sync step), `plain` (changes that neither carry nor touch a suggestion or comment mark), or `review`.
 */
export type Footprint = 'nothing' | 'plain' | 'review';

const reviewMarks = new Set([...suggestionMarks, 'comment']);

/** Where an item of the update lands: at the top (a new block), in a new block, or in a block the document holds. */
type Place = 'top' | 'new' | Y.Item;

export function footprintOf(document: Y.Doc, update: Uint8Array): Footprint {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return 'review';
  }
  const created = createdItems(document, decoded.structs);
  if (!created) return 'review';
  const { items, ends } = created;
  if (items.some(carriesMarks)) return 'review';

  const fragment = document.getXmlFragment(manuscriptFragmentName);
  const touched = new Set<Y.Item>();
  const places = new Map<Y.Item, Place | undefined>();
  const own = ownLookup(items);
  const blockOf = (item: Y.Item) => blockIn(fragment, item);
  /** Where an item goes that is inside the type of the item `id`. */
  const inside = (id: Y.ID): Place | undefined => {
    const parent = own(id);
    if (parent) {
      const place = placeOf(parent);
      if (!(parent.content instanceof Y.ContentType) || place === undefined) return undefined;
      return place === 'top' ? 'new' : place;
    }
    const held = heldItem(document, id);
    return held && held.content instanceof Y.ContentType ? blockOf(held) : undefined;
  };
  /** Where an item goes that is beside the item `id` (Yjs puts it in the same parent). */
  const beside = (id: Y.ID): Place | undefined => {
    const sibling = own(id);
    if (sibling) return placeOf(sibling);
    const held = heldItem(document, id);
    if (!held) return undefined;
    // A neighbour at the top is read with the new block by the full check; so it is read here.
    if (held.parent === fragment) {
      touched.add(held);
      return 'top';
    }
    return blockOf(held);
  };
  const placeOf = (item: Y.Item): Place | undefined => {
    if (places.has(item)) return places.get(item);
    places.set(item, undefined); // a cycle stays unclear
    let place: Place | undefined;
    if (typeof item.parent === 'string') place = item.parent === manuscriptFragmentName ? 'top' : undefined;
    else if (item.parent !== null) place = inside(item.parent as unknown as Y.ID);
    else {
      const sibling = item.origin ?? item.rightOrigin;
      place = sibling ? beside(sibling) : undefined;
    }
    places.set(item, place);
    return place;
  };

  for (const item of items) {
    const place = placeOf(item);
    if (place === undefined) return 'review';
    if (place === 'top' && !isBlock(item)) return 'review';
    if (place instanceof Y.Item) touched.add(place);
    // Its neighbours are in the blocks just found, or new with it, or (at the top) read above.
    for (const id of [item.origin, item.rightOrigin]) {
      const held = id && !own(id) ? heldItem(document, id) : undefined;
      if (id && !own(id) && !held) return 'review';
      const block = held && (held.parent === fragment ? held : blockOf(held));
      if (held && !block) return 'review';
      if (block) touched.add(block);
    }
  }

  const deletes = deletedBlocks(document, fragment, decoded.ds, ends);
  if (!deletes) return 'review';
  for (const block of [...touched, ...deletes]) if (blockCarriesMarks(block)) return 'review';
  return items.length === 0 && deletes.size === 0 && decoded.structs.every((struct) => !isNew(document, struct))
    ? 'nothing'
    : 'plain';
}

/** The top-level block of `fragment` that a held item is in (itself, at the top), or undefined outside it. */
function blockIn(fragment: Y.XmlFragment, item: Y.Item): Y.Item | undefined {
  let at: Y.Item | null = item;
  while (at !== null && at.parent !== fragment) at = (at.parent as Y.AbstractType<unknown> | null)?._item ?? null;
  return at ?? undefined;
}

/**
 * The blocks holding what the update's deletions take out of the document, or undefined when one deletes
 * what neither the document nor the update holds (Yjs would keep it waiting, unchecked) or is outside.
 */
function deletedBlocks(
  document: Y.Doc,
  fragment: Y.XmlFragment,
  ds: ReturnType<typeof Y.decodeUpdate>['ds'],
  ends: Map<number, number>,
): Set<Y.Item> | undefined {
  const blocks = new Set<Y.Item>();
  for (const [client, ranges] of ds.clients) {
    const held = Y.getState(document.store, client);
    for (const { clock, len } of ranges) {
      if (clock + len > (ends.get(client) ?? held)) return undefined;
      let outside = false;
      forEachHeldStruct(document, client, clock, Math.min(clock + len, held), (struct) => {
        if (struct.deleted || !(struct instanceof Y.Item)) return;
        const block = blockIn(fragment, struct);
        if (block) blocks.add(block);
        else outside = true;
      });
      if (outside) return undefined;
    }
  }
  return blocks;
}

/**
 * The items the update creates, in order, and where each client's new clocks end; undefined when it
 * overlaps what the document holds or skips over what it does not (Yjs would keep it waiting).
 */
function createdItems(
  document: Y.Doc,
  structs: Array<Y.Item | Y.GC | Y.Skip>,
): { items: Y.Item[]; ends: Map<number, number> } | undefined {
  const items: Y.Item[] = [];
  const ends = new Map<number, number>();
  for (const struct of structs) {
    if (struct instanceof Y.Skip || !isNew(document, struct)) continue;
    const { client, clock } = struct.id;
    if (clock !== (ends.get(client) ?? Y.getState(document.store, client))) return undefined;
    ends.set(client, clock + struct.length);
    if (struct instanceof Y.Item) items.push(struct);
  }
  return { items, ends };
}

/** Finds the item of `items` (a client's in clock order, as an update lists them) that holds an id. */
function ownLookup(items: Y.Item[]): (id: Y.ID) => Y.Item | undefined {
  const byClient = new Map<number, Y.Item[]>();
  for (const item of items) {
    const list = byClient.get(item.id.client) ?? [];
    list.push(item);
    byClient.set(item.id.client, list);
  }
  return (id) => {
    const list = byClient.get(id.client) ?? [];
    let [low, high] = [0, list.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const item = list[middle]!;
      if (id.clock < item.id.clock) high = middle - 1;
      else if (id.clock >= item.id.clock + item.length) low = middle + 1;
      else return item;
    }
    return undefined;
  };
}

const isNew = (document: Y.Doc, struct: Y.Item | Y.GC | Y.Skip): boolean =>
  !(struct instanceof Y.Skip) && struct.id.clock + struct.length > Y.getState(document.store, struct.id.client);

const isBlock = (item: Y.Item): boolean =>
  item.content instanceof Y.ContentType && item.content.type instanceof Y.XmlElement;

/** Whether an item of the update is, or sets, a suggestion or comment mark. */
const carriesMarks = (item: Y.Item): boolean =>
  item.parentSub === blockMarksKey ||
  (item.content instanceof Y.ContentFormat && reviewMarks.has(markNameOfKey(item.content.key)));

/** Whether a block the document holds carries a suggestion or comment mark (its own, or on anything in it). */
function blockCarriesMarks(item: Y.Item): boolean {
  if (item.deleted || !(item.content instanceof Y.ContentType)) return false;
  const type = item.content.type;
  for (const [key, attribute] of type._map) if (key === blockMarksKey && !attribute.deleted) return true;
  for (let child = type._start; child !== null; child = child.right) {
    if (child.deleted) continue;
    if (child.content instanceof Y.ContentFormat && reviewMarks.has(markNameOfKey(child.content.key))) return true;
    if (child.content instanceof Y.ContentType && blockCarriesMarks(child)) return true;
  }
  return false;
}

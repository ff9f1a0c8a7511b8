import { isDeepStrictEqual } from 'node:util';
import * as Y from 'yjs';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { mayDo, type BookRole, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';
import { bookSchema, manuscriptFragmentName, printedManuscript } from '@bookwright/manuscript';
import { documentShadows } from './document-shadows';
import { forgedSuggestion, removedCommentAnchor, type SuggestionHistory } from './review-authorship';
import { footprintOf } from './review-footprint';

/*
 * An editor's changes are always suggestions (issue 44): the server's side of the rule the web editor keeps
 * by suggesting for them. The test is the book's printed form (every open suggestion read as rejected,
 * comments taken out, @bookwright/manuscript's `printedManuscript`): an editor's update may not change it.
 * So an editor may add marked insertions, mark text deleted, add modifications, put comment marks on, and
 * take back (reject) any open suggestion, theirs or someone else's, since a rejected suggestion is what is
 * printed anyway; the suggestions library itself does that when a suggesting page deletes inside an
 * insertion. An editor may not write the text directly, accept a suggestion, or change a block's
 * formatting: each changes what is printed. Nor may an editor suggest in someone else's name or take
 * someone's comment anchor off: the printed form does not show those (review-authorship.ts).
 *
 * The owner and co-authors (whoever may edit the text directly) write, accept and reject as they like, but
 * they too may not suggest in someone else's name or put words in someone else's suggestion
 * (`forgedSuggestion`): accepting or rejecting only takes text out from under a suggestion, and their pages
 * keep their own typing out of others' suggestions (keepAuthorship, keepDirectEditsOwn). So their updates
 * are checked here as well, for that alone.
 *
 * Cheaply. Most updates are the owner's or a co-author's keystrokes in text no suggestion or comment is on:
 * those are told apart from the update and the blocks it names (review-footprint.ts) and let through with
 * no more work. Any other update goes first into a shadow of the live document (document-shadows.ts: built
 * when first needed, brought up to the document's state when needed again), and only the runs of top-level
 * blocks the update touched, each with one block either side (a suggested paragraph break is rejected by
 * joining two blocks), are read and printed, before (from the document) and after (from the shadow). Both
 * are read from copies of those blocks in a scratch document: y-tiptap's reader deletes an element the
 * schema refuses from the document it reads, and the live document must not change here.
 */

/**
 * Why a writer's update may not enter `document`, or undefined when it may: it attributes no new text of a
 * suggestion to anyone but `userId`, and, from someone who may not edit directly (`role`: an editor), it
 * changes the book by suggestions only and leaves everyone's comment anchors on the text they stay on
 * (review-authorship.ts).
 */
export type SuggestionsOnlyCheck = (
  document: Y.Doc,
  update: Uint8Array,
  userId: string,
  role: BookRole,
) => string | undefined;

/** Which way the check went: skipped (the update reviews nothing: review-footprint.ts) or read on the shadow. */
export type CheckPath = 'skipped' | 'on the shadow';

export interface SuggestionsOnlyOptions {
  /** Told which way each check went (the tests of the fast path). */
  onCheck?: (path: CheckPath, document: Y.Doc) => void;
  /** Every update read on the shadow, none skipped: the check as it was before the fast path (measures, tests). */
  everyUpdateOnTheShadow?: boolean;
}

/** The check with its shadows (document-shadows.ts), built only for documents whose updates need one. */
export function suggestionsOnly(options: SuggestionsOnlyOptions = {}): SuggestionsOnlyCheck {
  const shadows = documentShadows();
  // Not dropped with a refused update's shadow: it holds what the document held, which a refusal does not undo.
  const histories = new WeakMap<Y.Doc, SuggestionHistory>();
  const historyOf = (document: Y.Doc): SuggestionHistory => {
    const history = histories.get(document) ?? new Map<string, string>();
    histories.set(document, history);
    return history;
  };

  return (document, update, userId, role) => {
    const direct = mayDo(role, 'edit');
    if (!options.everyUpdateOnTheShadow) {
      // An update that changes nothing, or, from someone who may write directly, one that neither carries
      // nor touches a suggestion or comment mark, cannot do what this check refuses (review-footprint.ts).
      const footprint = footprintOf(document, update);
      if (footprint === 'nothing' || (direct && footprint === 'plain')) {
        options.onCheck?.('skipped', document);
        // Still on its way to the document: a check of the page's next update, before Hocuspocus applies
        // this one, reads it from the shadow (document-shadows.ts).
        if (footprint === 'plain') shadows.letThrough(document, update);
        return undefined;
      }
    }
    options.onCheck?.('on the shadow', document);
    let problem: string | undefined;
    try {
      problem = checkOnShadow(document, shadows.upToDate(document), update, {
        userId,
        direct,
        history: historyOf(document),
      });
    } catch {
      problem = 'the update does not apply';
    }
    if (problem) shadows.drop(document);
    else shadows.letThrough(document, update);
    return problem;
  };
}

/** The writer of an update: who, whether they may change the printed book directly, and the document's suggestions' history. */
interface Writer {
  userId: string;
  direct: boolean;
  history: SuggestionHistory;
}

function checkOnShadow(document: Y.Doc, shadow: Y.Doc, update: Uint8Array, writer: Writer): string | undefined {
  const fragment = shadow.getXmlFragment(manuscriptFragmentName);
  const before = new Map<Y.Item, boolean>();
  for (const item of topItems(fragment)) before.set(item, item.deleted);
  const hadPending = shadow.store.pendingStructs !== null || shadow.store.pendingDs !== null;
  const changedBlocks = new Set<Y.Item>();
  let outside = false;
  shadow.transact((transaction) => {
    Y.applyUpdate(shadow, update);
    for (const type of transaction.changed.keys()) {
      if ((type as unknown) === fragment) continue;
      const block = topItemOf(type, fragment);
      if (block) changedBlocks.add(block);
      else outside = true;
    }
  });
  if (outside) return 'the update writes outside the manuscript';
  // An update waiting for what it builds on would be applied, unchecked, when someone else's arrives.
  if (!hadPending && (shadow.store.pendingStructs !== null || shadow.store.pendingDs !== null))
    return 'the update builds on what the document does not hold';

  const after = topItems(fragment);
  const touched = after.map(
    (item) => changedBlocks.has(item) || !before.has(item) || before.get(item) !== item.deleted,
  );
  if (after.some((item, index) => touched[index] && !item.deleted && !isElement(item)))
    return 'a page put something other than a block in the manuscript';

  // Each run of touched blocks with its neighbours is printed apart: the blocks between two runs are the
  // same before and after, so an update touching the first and the last chapter prints a few blocks, not
  // the book.
  const runs = touchedRuns(after, touched);
  const beforeBlocks = runs.length > 0 ? blocksBefore(document, runs) : [];
  for (const [index, run] of runs.entries()) {
    const problem = runProblem(
      beforeBlocks[index]!,
      run.filter((item) => !item.deleted),
      writer,
    );
    if (problem) return problem;
  }
  return undefined;
}

/** Why the blocks of one run may not go from `before` to `after` by this person's update, if they may not. */
function runProblem(before: Y.Item[], after: Y.Item[], { userId, direct, history }: Writer): string | undefined {
  const [was, is] = [readBlocks(before), readBlocks(after)];
  if (direct) return forgedSuggestion(was, is, userId, history);
  if (!isDeepStrictEqual(printedOf(was), printedOf(is)))
    return 'an editor changed the printed book, not by suggestions';
  return forgedSuggestion(was, is, userId, history) ?? removedCommentAnchor(was, is);
}

/** The document's blocks (not deleted) of each run, found by their ids: the same items, before the update. */
function blocksBefore(document: Y.Doc, runs: Y.Item[][]): Y.Item[][] {
  const runOf = new Map<number, Map<number, number>>();
  runs.forEach((run, index) => {
    for (const { id } of run) {
      const clocks = runOf.get(id.client) ?? new Map<number, number>();
      clocks.set(id.clock, index);
      runOf.set(id.client, clocks);
    }
  });
  const blocks = runs.map((): Y.Item[] => []);
  for (const item of topItems(document.getXmlFragment(manuscriptFragmentName))) {
    const index = runOf.get(item.id.client)?.get(item.id.clock);
    if (index !== undefined && !item.deleted) blocks[index]!.push(item);
  }
  return blocks;
}

/** The touched blocks in runs, each widened by the block there either side, runs that meet joined. */
function touchedRuns(items: Y.Item[], touched: boolean[]): Y.Item[][] {
  const runs: Array<{ from: number; to: number }> = [];
  touched.forEach((isTouched, index) => {
    if (!isTouched) return;
    const from = neighbour(items, index, -1);
    const to = neighbour(items, index, 1);
    const last = runs.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else runs.push({ from, to });
  });
  return runs.map(({ from, to }) => items.slice(from, to + 1));
}

/** The index of the first block past `index` in `direction` that is there (not deleted), or the last one. */
function neighbour(items: Y.Item[], index: number, direction: 1 | -1): number {
  let at = index + direction;
  while (at >= 0 && at < items.length && items[at]!.deleted) at += direction;
  return Math.max(0, Math.min(items.length - 1, at));
}

/** The fragment's top-level items, deleted ones too (they stay in Yjs's list as tombstones). */
function topItems(fragment: Y.XmlFragment): Y.Item[] {
  const items: Y.Item[] = [];
  for (let item = fragment._start; item !== null; item = item.right) items.push(item);
  return items;
}

/** The top-level block `type` is in, or null when it is not in the manuscript at all. */
function topItemOf(type: { _item: Y.Item | null }, fragment: Y.XmlFragment): Y.Item | null {
  let item = type._item;
  while (item !== null && item.parent !== fragment) item = (item.parent as { _item: Y.Item | null })._item;
  return item;
}

const isElement = (item: Y.Item) => item.content instanceof Y.ContentType && item.content.type instanceof Y.XmlElement;

/**
 * `blocks` as ProseMirror JSON, read from copies in a scratch document (so the reader's repairs touch
 * nothing live).
 */
function readBlocks(blocks: Y.Item[]): TiptapNode[] {
  const scratch = new Y.Doc();
  const fragment = scratch.getXmlFragment(manuscriptFragmentName);
  // Blocks are elements (checkOnShadow refuses an editor's anything else there; one already in the
  // document is left out on both sides).
  const elements = blocks.filter(isElement).map((item) => (item.content as Y.ContentType).type as Y.XmlElement);
  fragment.insert(
    0,
    elements.map((element) => element.clone()),
  );
  const schema = bookSchema();
  const json = yXmlFragmentToProseMirrorRootNode(fragment, schema).toJSON() as TiptapDocument;
  scratch.destroy();
  return json.content ?? [];
}

/**
 * The printed form of `content` as a small manuscript of its own, adjacent texts joined as the schema joins
 * them (the by-hand rejection leaves the two sides of a rejected insertion apart).
 */
function printedOf(content: TiptapNode[]): unknown {
  const schema = bookSchema();
  const printed = printedManuscript({ type: 'doc', content });
  try {
    return schema.nodeFromJSON(printed).toJSON();
  } catch {
    return printed;
  }
}

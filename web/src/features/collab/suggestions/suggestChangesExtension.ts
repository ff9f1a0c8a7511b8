import { Extension, type Editor } from '@tiptap/core';
import {
  isSuggestChangesEnabled,
  suggestChanges,
  suggestChangesKey,
  transformToSuggestionTransaction,
} from '@handlewithcare/prosemirror-suggest-changes';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { presenceColorOf, presenceStyleText } from '../presenceColors';
import { keepOriginalFormatting } from './blockSuggestions';
import { keepAuthorship, keepDirectEditsOwn } from '@bookwright/manuscript/keep-authorship';
import { keepSplitsWhole } from '@bookwright/manuscript/split-markers';
import { authorOfSuggestion, newSuggestionId } from './suggestionIds';
import { suggestionKinds, type SuggestionKind } from './suggestionModel';
import { suggestionTexts } from './suggestionTexts';

export interface SuggestionsOptions {
  /** The reader: the author their suggestions' ids name. */
  selfUserId: string | undefined;
  /**
   * Whether a transaction brings others' edits (the live editor's y-sync: another person's typing, Yjs undo
   * and redo), which are neither made suggestions nor given this page's authorship. The live editor passes
   * y-sync's test; the solo editor has no others. A function, not y-tiptap's key: this module is the solo
   * editor's too, and importing the key would bring Yjs into its chunk (decision 0057).
   */
  isRemote: (tr: Transaction) => boolean;
}

const neverRemote = () => false;

export interface SuggestionsStorage {
  /** An editor's page: every edit is a suggestion, whatever the switch says. */
  forced: boolean;
  /** A person's name by user id (the book's people, then who is here); undefined when not known. */
  nameOf: (userId: string) => string | undefined;
}

/** Meta of a transaction that only asks the authors' decorations to be drawn again (the names came). */
const authorsKey = new PluginKey<DecorationSet>('suggestionAuthors');

/**
 * Whether a transaction is turned into suggestions: only this page's own edits while suggesting. Never
 * y-sync's (another person's live edits, Yjs undo and redo, which put back exactly what was there), and never
 * one the library's commands marked to be left alone (deciding suggestions, the switch itself).
 */
export function isSuggestedEdit(
  tr: Transaction,
  state: EditorState,
  forced: boolean,
  isRemote: (tr: Transaction) => boolean = neverRemote,
): boolean {
  if (!tr.docChanged) return false;
  if (!forced && !isSuggestChangesEnabled(state)) return false;
  if (isRemote(tr)) return false;
  const own = tr.getMeta(suggestChangesKey) as { skip?: boolean } | undefined;
  return !(own && 'skip' in own);
}

/**
 * Whether a transaction is this page's own direct edit (not suggested): text it types inside someone else's
 * suggestion must not come out in their name (keepDirectEditsOwn; the collab server refuses that). Not
 * y-sync's (others' edits, Yjs undo) nor the library's deciding commands, which put or take back exactly
 * what a suggestion holds.
 */
function isDirectEdit(tr: Transaction, isRemote: (tr: Transaction) => boolean): boolean {
  if (!tr.docChanged || isRemote(tr)) return false;
  const own = tr.getMeta(suggestChangesKey) as { skip?: boolean } | undefined;
  return !(own && 'skip' in own);
}

/** The name a suggestion shows: its author's, "You" for the reader's own, "Someone" when not known. */
export function suggestionAuthorName(id: unknown, storage: SuggestionsStorage, selfUserId: string | undefined) {
  const author = authorOfSuggestion(id);
  if (!author) return suggestionTexts.someone;
  // A Word reviewer's tracked change, brought back by an import: their name travels in the id.
  if (author.kind === 'outside') return author.name;
  if (author.userId === selfUserId) return suggestionTexts.you;
  return storage.nameOf(author.userId) ?? suggestionTexts.someone;
}

/**
 * Each suggested range in its author's presence colour, with the author's name for the pointer (title) and
 * for assistive technology (aria-description: <ins>/<del> keep their roles, which take no name).
 */
function authorDecorations(
  state: EditorState,
  storage: SuggestionsStorage,
  selfUserId: string | undefined,
): DecorationSet {
  const decorations: Decoration[] = [];
  state.doc.descendants((node, pos) => {
    const mark = node.marks.find((m) => (suggestionKinds as readonly string[]).includes(m.type.name));
    if (!mark) return true;
    const kind = mark.type.name as SuggestionKind;
    const author = authorOfSuggestion(mark.attrs['id']);
    const name = suggestionAuthorName(mark.attrs['id'], storage, selfUserId);
    const attrs = {
      class: `suggestion suggestion-${kind} presence`,
      title: suggestionTexts.describe(kind, name),
      'aria-description': suggestionTexts.describe(kind, name),
      'data-suggestion-id': String(mark.attrs['id']),
      ...(author?.kind === 'member'
        ? { style: presenceStyleText(presenceColorOf(author.userId)), 'data-author-id': author.userId }
        : {}),
    };
    decorations.push(
      node.isInline
        ? Decoration.inline(pos, pos + node.nodeSize, attrs)
        : Decoration.node(pos, pos + node.nodeSize, attrs),
    );
    return !node.isInline;
  });
  return DecorationSet.create(state.doc, decorations);
}

function authorsPlugin(storage: SuggestionsStorage, selfUserId: string | undefined) {
  return new Plugin<DecorationSet>({
    key: authorsKey,
    state: {
      init: (_config, state) => authorDecorations(state, storage, selfUserId),
      apply: (tr, previous, _old, state) =>
        tr.docChanged || tr.getMeta(authorsKey)
          ? authorDecorations(state, storage, selfUserId)
          : previous.map(tr.mapping, tr.doc),
    },
    props: { decorations: (state) => authorsKey.getState(state) },
  });
}

/**
 * Suggestions (track changes) in both editors (the solo one shows and decides what a Word re-import brought
 * back, decision 0057), by @handlewithcare/prosemirror-suggest-changes: its plugin
 * (whether this page suggests, the pilcrows of suggested paragraph breaks), its transformation of this page's
 * own transactions while suggesting (tiptap's dispatchTransaction hook, the library's `withSuggestChanges`
 * conditions), ids naming their author, and the authors' colours and names on the text.
 */
export const Suggestions = Extension.create<SuggestionsOptions, SuggestionsStorage>({
  name: 'suggestions',

  addOptions() {
    return { selfUserId: undefined, isRemote: neverRemote };
  },

  addStorage() {
    return { forced: false, nameOf: () => undefined };
  },

  addProseMirrorPlugins() {
    return [suggestChanges(), authorsPlugin(this.storage, this.options.selfUserId)];
  },

  dispatchTransaction({ transaction, next }) {
    const { state } = this.editor.view;
    const selfUserId = this.options.selfUserId ?? 'unknown';
    const { isRemote } = this.options;
    if (!isSuggestedEdit(transaction, state, this.storage.forced, isRemote))
      return next(
        isDirectEdit(transaction, isRemote) ? keepDirectEditsOwn(transaction, state.doc, selfUserId) : transaction,
      );
    const newId = () => newSuggestionId(selfUserId);
    // Block-level marks (a whole block inserted or deleted, a block's alignment or type changed) are the
    // library's own: y-tiptap carries node marks through Yjs (patches/@tiptap+y-tiptap+3.0.9.patch).
    const tracked = transformToSuggestionTransaction(transaction, state, newId);
    const whole = keepSplitsWhole(keepOriginalFormatting(tracked, state.doc), state.doc);
    next(keepAuthorship(whole, state.doc, selfUserId, newId));
  },
});

/** Draws the authors again (their names changed: the people's list arrived). */
function refreshSuggestionAuthors(state: EditorState): Transaction {
  return state.tr.setMeta(authorsKey, true).setMeta('addToHistory', false);
}

/** The extension's storage on an editor. */
export function storageOf(editor: Editor): SuggestionsStorage {
  return (editor.storage as unknown as { suggestions: SuggestionsStorage }).suggestions;
}

/** Whether every edit of this page is a suggestion (an editor's), whatever the switch says. */
export function setSuggestionsForced(editor: Editor, forced: boolean): void {
  storageOf(editor).forced = forced;
}

/** Where the suggestions' authors' names come from; their decorations are drawn again with them. */
export function setSuggestionAuthorNames(editor: Editor, nameOf: (userId: string) => string | undefined): void {
  if (editor.isDestroyed) return;
  storageOf(editor).nameOf = nameOf;
  editor.view.dispatch(refreshSuggestionAuthors(editor.state));
}

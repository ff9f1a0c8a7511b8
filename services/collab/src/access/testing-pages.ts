import * as Y from 'yjs';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import { initProseMirrorDoc, updateYFragment } from '@tiptap/y-tiptap';
import {
  enableSuggestChanges,
  suggestChanges,
  transformToSuggestionTransaction,
} from '@handlewithcare/prosemirror-suggest-changes';
import {
  bookSchema,
  keepAuthorship,
  keepDirectEditsOwn,
  keepSplitsWhole,
  manuscriptFragmentName,
  memberSuggestionId,
} from '@bookwright/manuscript';

/**
 * A page editing a Yjs document as the web editor does, without a browser: a ProseMirror state read from
 * the manuscript fragment, each edit made on it (while suggesting, turned into suggestions by the library,
 * as the editor's suggestion plugin turns a page's own transactions, with ids of the page's person `userId`
 * and its authorship kept as the editor keeps it; edited directly, others' suggestions kept theirs) and
 * written back by y-tiptap's diff.
 * For the tests of an editor's updates (what the server sees is the Yjs update each edit makes).
 */
export interface TestPage {
  readonly state: EditorState;
  /** Makes `edit` (suggested when `suggesting`), writes it to the document and answers the update it made. */
  edit(edit: (state: EditorState) => Transaction, options: { suggesting: boolean }): Uint8Array;
}

export function pageOn(ydoc: Y.Doc, userId = 'ed'): TestPage {
  const schema = bookSchema();
  const fragment = ydoc.getXmlFragment(manuscriptFragmentName);
  const { doc, meta } = initProseMirrorDoc(fragment, schema);
  let state = EditorState.create({ schema, doc, plugins: [suggestChanges()] });
  enableSuggestChanges(state, (transaction) => (state = state.apply(transaction)));
  return {
    get state() {
      return state;
    },
    edit(edit, { suggesting }) {
      const transaction = edit(state);
      state = state.apply(
        suggesting ? suggested(transaction, state, userId) : keepDirectEditsOwn(transaction, state.doc, userId),
      );
      const updates: Uint8Array[] = [];
      const collect = (update: Uint8Array) => updates.push(update);
      ydoc.on('update', collect);
      try {
        updateYFragment(ydoc, fragment, state.doc, meta);
      } finally {
        ydoc.off('update', collect);
      }
      return Y.mergeUpdates(updates);
    },
  };
}

/** `transaction` as the web editor's suggesting page makes it (suggestChangesExtension.ts). */
function suggested(transaction: Transaction, state: EditorState, userId: string): Transaction {
  const newId = () => memberSuggestionId(userId, Date.now());
  const tracked = keepSplitsWhole(transformToSuggestionTransaction(transaction, state, newId), state.doc);
  return keepAuthorship(tracked, state.doc, userId, newId);
}

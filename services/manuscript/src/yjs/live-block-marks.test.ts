// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import { EditorView } from '@tiptap/pm/view';
import { ySyncPlugin } from '@tiptap/y-tiptap';
import {
  enableSuggestChanges,
  suggestChanges,
  transformToSuggestionTransaction,
} from '@handlewithcare/prosemirror-suggest-changes';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { bookSchema } from '../schema/book-extensions';
import { fillYDoc, manuscriptFragmentName, yDocToManuscript } from './manuscript-ydoc';

/*
 * Block suggestions between two live editors bound by y-tiptap's own sync plugin (the one tiptap's
 * Collaboration extension installs), over two Yjs documents that send each other every update: what a
 * co-author sees of a suggestion marked on a whole block (patches/@tiptap+y-tiptap+3.0.9.patch).
 */

const views: EditorView[] = [];
afterEach(() => views.splice(0).forEach((view) => view.destroy()));

const paragraphOf = (text: string) => ({
  type: 'paragraph',
  attrs: { textAlign: null },
  content: [{ type: 'text', text }],
});

function liveBook(document: TiptapDocument) {
  const [one, two] = [new Y.Doc(), new Y.Doc()];
  const remote = Symbol('remote');
  one.on('update', (update: Uint8Array, origin: unknown) => origin !== remote && Y.applyUpdate(two, update, remote));
  two.on('update', (update: Uint8Array, origin: unknown) => origin !== remote && Y.applyUpdate(one, update, remote));
  fillYDoc(one, document);
  const editor = (ydoc: Y.Doc) => {
    const view = new EditorView(window.document.createElement('div'), {
      state: EditorState.create({
        schema: bookSchema(),
        plugins: [ySyncPlugin(ydoc.getXmlFragment(manuscriptFragmentName)), suggestChanges()],
      }),
    });
    views.push(view);
    enableSuggestChanges(view.state, view.dispatch);
    return {
      view,
      json: () => view.state.doc.toJSON() as TiptapDocument,
      /** An edit made in suggesting mode, as the editor's suggestion plugin turns it. */
      suggest: (edit: (state: EditorState) => Transaction) =>
        view.dispatch(transformToSuggestionTransaction(edit(view.state), view.state)),
      stored: () => yDocToManuscript(ydoc),
    };
  };
  return { one: editor(one), two: editor(two) };
}

describe('block suggestions between live editors', () => {
  it('reach the other editor marked, and so do their acceptance and rejection', () => {
    const { one, two } = liveBook({ type: 'doc', content: ['One.', 'Two.', 'Three.'].map(paragraphOf) });
    expect(two.json()).toEqual(one.json());
    const schema = bookSchema();
    one.suggest((state) =>
      state.tr.delete(state.doc.child(0).nodeSize, state.doc.child(0).nodeSize + state.doc.child(1).nodeSize),
    );
    one.suggest((state) => state.tr.insert(0, schema.nodes['horizontalRule']!.create()));
    two.suggest((state) => {
      const last = state.doc.content.size - state.doc.lastChild!.nodeSize;
      return state.tr.setBlockType(last + 1, last + 1, schema.nodes['heading']!, { level: 2 });
    });
    two.suggest((state) => state.tr.setNodeAttribute(state.doc.child(0).nodeSize, 'textAlign', 'center'));
    const marked = one.json();
    expect(two.json()).toEqual(marked);
    expect(one.stored()).toEqual(marked);
    expect(marked.content?.map((block) => (block.marks ?? []).map((mark) => (mark as { type: string }).type))).toEqual([
      ['insertion'],
      ['modification'],
      ['deletion'],
      ['modification', 'modification'],
    ]);
    // The other editor accepts the rule and rejects the deletion: each block loses its mark and nothing else.
    for (const index of [0, 2]) {
      const { state } = two.view;
      let pos = 0;
      for (let i = 0; i < index; i++) pos += state.doc.child(i).nodeSize;
      two.view.dispatch(state.tr.removeNodeMark(pos, state.doc.child(index).marks[0]!));
    }
    expect(one.json()).toEqual(two.json());
    expect(one.json().content?.map((block) => block.marks?.length ?? 0)).toEqual([0, 1, 0, 2]);
  });
});

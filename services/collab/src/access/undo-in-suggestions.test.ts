import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { EditorState } from '@tiptap/pm/state';
import { undo, yUndoPlugin, yUndoPluginKey, ySyncPlugin } from '@tiptap/y-tiptap';
import { bookSchema, manuscriptFragmentName, manuscriptToYDoc, yDocToManuscript } from '@bookwright/manuscript';
import { bookOf } from '../testing/collab-harness';
import { suggestionsOnly } from './suggestions-only';
import { pageOn } from './testing-pages';

/*
 * Undo across suggestions (issue 44: "Undo works across it"): the editor's page undoes with y-tiptap's undo
 * (a Yjs UndoManager over the manuscript, as the web editor's collaboration extension makes it), which puts
 * back exactly what the undone edit took. Ed (editor) works inside Ada's (owner's) suggested "bright "; each
 * of his updates, his undo's too, is checked as the message guard checks it, and Ada's page and his hold
 * the same book after.
 */

/** Ada's page and Ed's, each with its own document, synced by hand; Ada suggested "bright ". */
function twoPages() {
  const ada = manuscriptToYDoc(bookOf('The lamp is lit.', 'Night falls.'));
  Y.applyUpdate(
    ada,
    pageOn(ada, 'ada').edit((state) => state.tr.insertText('bright ', 16), { suggesting: true }),
  );
  const ed = new Y.Doc();
  Y.applyUpdate(ed, Y.encodeStateAsUpdate(ada));
  // y-tiptap's own undo manager, made by its undo plugin as the editor makes it (the state is only its holder).
  const fragment = ed.getXmlFragment(manuscriptFragmentName);
  const holder = EditorState.create({ schema: bookSchema(), plugins: [ySyncPlugin(fragment), yUndoPlugin()] });
  const undoManager = yUndoPluginKey.getState(holder)!.undoManager;
  const check = suggestionsOnly();

  /** What Ed's document sends for `write`, checked against Ada's (the live document): the reason, if refused. */
  const send = (write: () => void): string | undefined => {
    const updates: Uint8Array[] = [];
    const collect = (update: Uint8Array) => updates.push(update);
    ed.on('update', collect);
    try {
      write();
    } finally {
      ed.off('update', collect);
    }
    const update = Y.mergeUpdates(updates);
    const problem = check(ada, update, 'ed', 'editor');
    if (problem === undefined) Y.applyUpdate(ada, update);
    return problem;
  };
  return {
    ada,
    ed,
    /** Ed's edit, made on a page over his document: its own undo step (as a pause in typing makes one). */
    edit: (change: Parameters<ReturnType<typeof pageOn>['edit']>[0]) =>
      send(() => {
        undoManager.stopCapturing();
        pageOn(ed, 'ed').edit(change, { suggesting: true });
      }),
    undo: () => send(() => expect(undo(holder)).toBe(true)),
    /** Ada's own edit, checked as hers, reaches the live document and Ed. */
    adaWrites: (change: Parameters<ReturnType<typeof pageOn>['edit']>[0]) => {
      const update = pageOn(copyOf(ada), 'ada').edit(change, { suggesting: true });
      expect(check(ada, update, 'ada', 'owner')).toBeUndefined();
      Y.applyUpdate(ada, update);
      Y.applyUpdate(ed, update);
    },
  };
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

const text = (doc: Y.Doc) => JSON.stringify(yDocToManuscript(doc));

describe("an editor's undo inside another's suggestion", () => {
  it('takes back his own words typed inside it', () => {
    const { ada, ed, edit, undo: undoEd } = twoPages();
    const before = text(ada);
    expect(edit((state) => state.tr.insertText('XY', 19))).toBeUndefined();
    expect(text(ada)).toContain('"XY"');
    expect(undoEd()).toBeUndefined();
    expect(text(ada)).toBe(text(ed));
    expect(text(ada)).toBe(before);
  });

  it('puts back the part of it his suggesting page took out, under its author', () => {
    const { ada, ed, edit, undo: undoEd } = twoPages();
    const before = text(ada);
    // Deleting inside someone's insertion while suggesting takes that text back (the library does).
    expect(edit((state) => state.tr.delete(17, 20))).toBeUndefined();
    expect(text(ada)).not.toContain('bright');
    expect(undoEd()).toBeUndefined();
    expect(text(ada)).toBe(text(ed));
    expect(text(ada)).toBe(before);
  });

  it('converges when Ada wrote in her suggestion between his edit and his undo', () => {
    const { ada, ed, edit, undo: undoEd, adaWrites } = twoPages();
    expect(edit((state) => state.tr.delete(17, 20))).toBeUndefined();
    adaWrites((state) => state.tr.insertText('very ', 16));
    expect(undoEd()).toBeUndefined();
    expect(text(ada)).toBe(text(ed));
    expect(text(ada)).toMatch(/very bright/);
  });
});

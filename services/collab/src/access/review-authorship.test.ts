import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { applySuggestions, revertSuggestions } from '@handlewithcare/prosemirror-suggest-changes';
import { bookSchema, manuscriptFragmentName, manuscriptToYDoc, yDocToManuscript } from '@bookwright/manuscript';
import { bookOf } from '../testing/collab-harness';
import { suggestionsOnly } from './suggestions-only';
import { pageOn } from './testing-pages';

/*
 * Whose suggestions and comment anchors are (review-authorship.ts), as the editor check reads an editor's
 * update: Ed is the editor, Ada the owner.
 */

const copyOf = (live: Y.Doc): Y.Doc => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
  return copy;
};

/** One change written on a copy of `live` straight into Yjs, as a hostile page could send it. */
function rawUpdate(live: Y.Doc, write: (block: (index: number) => Y.XmlText) => void): Uint8Array {
  const page = copyOf(live);
  const updates: Uint8Array[] = [];
  page.on('update', (update: Uint8Array) => updates.push(update));
  const blocks = page.getXmlFragment(manuscriptFragmentName);
  page.transact(() => write((index) => (blocks.get(index) as Y.XmlElement).get(0) as Y.XmlText));
  return Y.mergeUpdates(updates);
}

/** A book (heading, two paragraphs) where Ada suggested "bright " in the first paragraph. */
function withAdasSuggestion(): Y.Doc {
  const live = manuscriptToYDoc(bookOf('The lamp is lit.', 'Night falls.'));
  Y.applyUpdate(
    live,
    pageOn(copyOf(live), 'ada').edit((state) => state.tr.insertText('bright ', 16), { suggesting: true }),
  );
  return live;
}

const adasId = (live: Y.Doc): string => {
  const json = JSON.stringify(yDocToManuscript(live));
  return /"id":"(ada~[^"]+)"/.exec(json)![1]!;
};

describe('suggestions in the name of someone else', () => {
  it("refuses an editor's suggestion written with another person's id, new or already in the book", () => {
    const live = withAdasSuggestion();
    const check = suggestionsOnly();
    const asAda = pageOn(copyOf(live), 'ada').edit((state) => state.tr.insertText('old ', 27), { suggesting: true });
    expect(check(live, asAda, 'ed', 'editor')).toMatch(/someone else/);
    const reused = rawUpdate(live, (text) => text(2).insert(0, 'Dark. ', { insertion: { id: adasId(live) } }));
    expect(check(live, reused, 'ed', 'editor')).toMatch(/someone else/);
    const grown = rawUpdate(live, (text) => text(1).insert(16, 'very ', { insertion: { id: adasId(live) } }));
    expect(check(live, grown, 'ed', 'editor')).toMatch(/someone else/);
    const deletedInHerName = rawUpdate(live, (text) => text(2).format(0, 5, { deletion: { id: 'ada~1~x' } }));
    expect(check(live, deletedInHerName, 'ed', 'editor')).toMatch(/someone else/);
    const unnamed = rawUpdate(live, (text) => text(2).insert(0, 'Dark. ', { insertion: { id: 7 } }));
    expect(check(live, unnamed, 'ed', 'editor')).toMatch(/someone else/);
    const own = rawUpdate(live, (text) => text(2).insert(0, 'Dark. ', { insertion: { id: 'ed~1~x' } }));
    expect(check(live, own, 'ed', 'editor')).toBeUndefined();
  });

  it("lets an editor suggest inside another's suggestion, split it, and take part of it back", () => {
    const live = withAdasSuggestion();
    const check = suggestionsOnly();
    for (const edit of [
      (page: ReturnType<typeof pageOn>) => page.edit((state) => state.tr.insertText('very ', 19), { suggesting: true }),
      (page: ReturnType<typeof pageOn>) => page.edit((state) => state.tr.split(20), { suggesting: true }),
      (page: ReturnType<typeof pageOn>) => page.edit((state) => state.tr.delete(17, 20), { suggesting: true }),
      (page: ReturnType<typeof pageOn>) => page.edit((state) => state.tr.delete(17, 20), { suggesting: false }),
    ]) {
      const update = edit(pageOn(copyOf(live), 'ed'));
      expect(check(live, update, 'ed', 'editor')).toBeUndefined();
    }
  });
});

describe("someone else's comment anchors", () => {
  /** A book whose "lamp" carries Ada's comment c1. */
  function withAComment(): Y.Doc {
    const live = manuscriptToYDoc(bookOf('The lamp is lit.', 'Night falls.'));
    const comment = bookSchema().marks['comment']!.create({ commentId: 'c1' });
    Y.applyUpdate(
      live,
      pageOn(copyOf(live), 'ada').edit((state) => state.tr.addMark(16, 20, comment), { suggesting: false }),
    );
    expect(JSON.stringify(yDocToManuscript(live))).toContain('"commentId":"c1"');
    return live;
  }

  it("refuses an editor's update taking a comment's anchor off text that stays", () => {
    const live = withAComment();
    const comment = bookSchema().marks['comment']!;
    const unanchored = pageOn(copyOf(live), 'ed').edit((state) => state.tr.removeMark(16, 20, comment), {
      suggesting: false,
    });
    expect(suggestionsOnly()(live, unanchored, 'ed', 'editor')).toMatch(/anchor/);
    const shortened = pageOn(copyOf(live), 'ed').edit((state) => state.tr.removeMark(16, 17, comment), {
      suggesting: false,
    });
    expect(suggestionsOnly()(live, shortened, 'ed', 'editor')).toMatch(/anchor/);
  });

  it('lets an editor suggest around and over a comment: its anchor stays on the text', () => {
    const live = withAComment();
    const check = suggestionsOnly();
    const deleted = pageOn(copyOf(live), 'ed').edit((state) => state.tr.delete(14, 20), { suggesting: true });
    expect(check(live, deleted, 'ed', 'editor')).toBeUndefined();
    const inserted = pageOn(copyOf(live), 'ed').edit((state) => state.tr.insertText('oil ', 16), { suggesting: true });
    expect(check(live, inserted, 'ed', 'editor')).toBeUndefined();
    const split = pageOn(copyOf(live), 'ed').edit((state) => state.tr.split(18), { suggesting: true });
    expect(check(live, split, 'ed', 'editor')).toBeUndefined();
  });
});

describe("the owner's and co-authors' updates: their own suggestions, and deciding others'", () => {
  /** A book (heading, two paragraphs) where Ed suggested "bright " in the first paragraph. */
  function withEdsSuggestion(): Y.Doc {
    const live = manuscriptToYDoc(bookOf('The lamp is lit.', 'Night falls.'));
    Y.applyUpdate(
      live,
      pageOn(copyOf(live), 'ed').edit((state) => state.tr.insertText('bright ', 16), { suggesting: true }),
    );
    return live;
  }
  const edsId = (live: Y.Doc): string => /"id":"(ed~[^"]+)"/.exec(JSON.stringify(yDocToManuscript(live)))![1]!;

  it("refuses a co-author's suggestion in someone else's name, and words put in someone else's suggestion", () => {
    const live = withEdsSuggestion();
    const check = suggestionsOnly();
    const asEd = pageOn(copyOf(live), 'ed').edit((state) => state.tr.insertText('old ', 27), { suggesting: true });
    expect(check(live, asEd, 'cora', 'coauthor')).toMatch(/someone else/);
    const grown = rawUpdate(live, (text) => text(1).insert(16, 'very ', { insertion: { id: edsId(live) } }));
    expect(check(live, grown, 'cora', 'coauthor')).toMatch(/someone else/);
    expect(check(live, grown, 'ada', 'owner')).toMatch(/someone else/);
    const deletedInHisName = rawUpdate(live, (text) => text(2).format(0, 5, { deletion: { id: 'ed~1~x' } }));
    expect(check(live, deletedInHisName, 'cora', 'coauthor')).toMatch(/someone else/);
    const renamed = rawUpdate(live, (text) => text(1).format(4, 7, { insertion: { id: 'ed~2~y' } }));
    expect(check(live, renamed, 'cora', 'coauthor')).toMatch(/someone else/);
    // Typed directly inside Ed's insertion by a page that does not keep its own text out of it.
    const typedIntoHis = rawUpdate(live, (text) => text(1).insert(7, 'XY'));
    expect(JSON.stringify(yDocToManuscript(applied(live, typedIntoHis)))).toContain('briXYght');
    expect(check(live, typedIntoHis, 'cora', 'coauthor')).toMatch(/someone else/);
  });

  it('lets the owner and a co-author write directly, suggest in their own name, and accept or reject anything', () => {
    const live = withEdsSuggestion();
    for (const [who, role] of [
      ['ada', 'owner'],
      ['cora', 'coauthor'],
    ] as const) {
      const updates = [
        pageOn(copyOf(live), who).edit((state) => state.tr.insertText('old ', 27), { suggesting: false }),
        pageOn(copyOf(live), who).edit((state) => state.tr.insertText('old ', 27), { suggesting: true }),
        // Typed directly, or suggested, in the middle of Ed's insertion: the page keeps it out of his name.
        pageOn(copyOf(live), who).edit((state) => state.tr.insertText('XY', 19), { suggesting: false }),
        pageOn(copyOf(live), who).edit((state) => state.tr.insertText('XY', 19), { suggesting: true }),
        pageOn(copyOf(live), who).edit((state) => state.tr.delete(17, 20), { suggesting: false }),
        pageOn(copyOf(live), who).edit(decided(applySuggestions), { suggesting: false }),
        pageOn(copyOf(live), who).edit(decided(revertSuggestions), { suggesting: false }),
      ];
      // Each against its own check: a check's shadow takes the update first, and the document never does here.
      for (const update of updates) expect(suggestionsOnly()(live, update, who, role)).toBeUndefined();
    }
  });
});

function applied(live: Y.Doc, update: Uint8Array): Y.Doc {
  const after = copyOf(live);
  Y.applyUpdate(after, update);
  return after;
}

/** A transaction of one of the library's deciding commands (accept or reject every suggestion). */
const decided =
  (command: typeof applySuggestions) =>
  (state: EditorState): Transaction => {
    let transaction: Transaction | undefined;
    command(state, (tr) => (transaction = tr));
    return transaction!;
  };

import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
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
    expect(check(live, asAda, 'ed')).toMatch(/someone else/);
    const reused = rawUpdate(live, (text) => text(2).insert(0, 'Dark. ', { insertion: { id: adasId(live) } }));
    expect(check(live, reused, 'ed')).toMatch(/someone else/);
    const grown = rawUpdate(live, (text) => text(1).insert(16, 'very ', { insertion: { id: adasId(live) } }));
    expect(check(live, grown, 'ed')).toMatch(/someone else/);
    const deletedInHerName = rawUpdate(live, (text) => text(2).format(0, 5, { deletion: { id: 'ada~1~x' } }));
    expect(check(live, deletedInHerName, 'ed')).toMatch(/someone else/);
    const unnamed = rawUpdate(live, (text) => text(2).insert(0, 'Dark. ', { insertion: { id: 7 } }));
    expect(check(live, unnamed, 'ed')).toMatch(/someone else/);
    const own = rawUpdate(live, (text) => text(2).insert(0, 'Dark. ', { insertion: { id: 'ed~1~x' } }));
    expect(check(live, own, 'ed')).toBeUndefined();
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
      expect(check(live, update, 'ed')).toBeUndefined();
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
    expect(suggestionsOnly()(live, unanchored, 'ed')).toMatch(/anchor/);
    const shortened = pageOn(copyOf(live), 'ed').edit((state) => state.tr.removeMark(16, 17, comment), {
      suggesting: false,
    });
    expect(suggestionsOnly()(live, shortened, 'ed')).toMatch(/anchor/);
  });

  it('lets an editor suggest around and over a comment: its anchor stays on the text', () => {
    const live = withAComment();
    const check = suggestionsOnly();
    const deleted = pageOn(copyOf(live), 'ed').edit((state) => state.tr.delete(14, 20), { suggesting: true });
    expect(check(live, deleted, 'ed')).toBeUndefined();
    const inserted = pageOn(copyOf(live), 'ed').edit((state) => state.tr.insertText('oil ', 16), { suggesting: true });
    expect(check(live, inserted, 'ed')).toBeUndefined();
    const split = pageOn(copyOf(live), 'ed').edit((state) => state.tr.split(18), { suggesting: true });
    expect(check(live, split, 'ed')).toBeUndefined();
  });
});

import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { manuscriptFragmentName, manuscriptToYDoc } from '@bookwright/manuscript';
import { forgetLocalCopy, keepLocally, localCopyName, readLocalCopy, sharesHistory, stateVectorOf } from './localCopy';

const book = (...paragraphs: string[]): TiptapDocument => ({
  type: 'doc',
  content: paragraphs.map((text) => ({
    type: 'paragraph',
    attrs: { textAlign: null },
    content: [{ type: 'text', text }],
  })),
});

/** A page's copy: what the server sent it, then its own edit (another Yjs client). */
function pageCopyOf(server: Y.Doc, typed: string): Y.Doc {
  const page = new Y.Doc();
  Y.applyUpdate(page, Y.encodeStateAsUpdate(server));
  const paragraph = page.getXmlFragment(manuscriptFragmentName).get(0) as Y.XmlElement;
  (paragraph.get(0) as Y.XmlText).insert(0, typed);
  return page;
}

const textOf = (doc: Y.Doc) => doc.getXmlFragment(manuscriptFragmentName).toString();

describe('a copy kept on this device', () => {
  it('belongs to the document it was taken from, and to a new fill of the same text (the same fill client)', () => {
    const server = manuscriptToYDoc(book('It was a quiet night.'));
    const page = pageCopyOf(server, 'Offline: ');
    expect(sharesHistory(stateVectorOf(server), stateVectorOf(page))).toBe(true);
    const refilled = manuscriptToYDoc(book('It was a quiet night.'));
    expect(sharesHistory(stateVectorOf(refilled), stateVectorOf(page))).toBe(true);
    // Merged, the page's edit is in the book once, over the one text.
    Y.applyUpdate(refilled, Y.encodeStateAsUpdate(page));
    expect(textOf(refilled)).toBe(textOf(page));
  });

  it('is not merged into a document filled again from another text: that would hold the book twice', () => {
    const server = manuscriptToYDoc(book('It was a quiet night.'));
    const page = pageCopyOf(server, 'Offline: ');
    const rebuilt = manuscriptToYDoc(book('It was a quiet night. Restored.'));
    expect(sharesHistory(stateVectorOf(rebuilt), stateVectorOf(page))).toBe(false);
    // What the check prevents:
    Y.applyUpdate(rebuilt, Y.encodeStateAsUpdate(page));
    expect(rebuilt.getXmlFragment(manuscriptFragmentName).length).toBe(2);
  });

  it('merges with anything when empty', () => {
    expect(sharesHistory(stateVectorOf(manuscriptToYDoc(book('a'))), new Map())).toBe(true);
  });

  it('is kept across visits with whose it is, and forgotten on demand', async () => {
    const name = localCopyName('b-kept');
    const server = manuscriptToYDoc(book('It was a quiet night.'));
    const page = new Y.Doc();
    Y.applyUpdate(page, Y.encodeStateAsUpdate(server));
    const persistence = await keepLocally(name, page, { userId: 'u-ada', discard: false });
    expect(persistence).toBeDefined();
    ((page.getXmlFragment(manuscriptFragmentName).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Kept: ');
    await persistence!.destroy();

    const copy = await readLocalCopy(name);
    expect(copy.userId).toBe('u-ada');
    expect(copy.state).toEqual(stateVectorOf(page));

    // The next visit merges it into the server's document: the edit made offline is there.
    const next = new Y.Doc();
    Y.applyUpdate(next, Y.encodeStateAsUpdate(server));
    const again = await keepLocally(name, next, { userId: 'u-ada', discard: false });
    expect(textOf(next)).toContain('Kept: It was a quiet night.');
    await again!.destroy();

    await forgetLocalCopy(name);
    expect((await readLocalCopy(name)).state.size).toBe(0);
  });

  it('starts empty when discarded (another document, another person)', async () => {
    const name = localCopyName('b-discarded');
    const first = manuscriptToYDoc(book('Old text'));
    await (await keepLocally(name, first, { userId: 'u-ada', discard: false }))!.destroy();
    const fresh = manuscriptToYDoc(book('New text'));
    await (await keepLocally(name, fresh, { userId: 'u-grace', discard: true }))!.destroy();
    const copy = await readLocalCopy(name);
    expect(copy.userId).toBe('u-grace');
    expect(copy.state).toEqual(stateVectorOf(fresh));
  });
});

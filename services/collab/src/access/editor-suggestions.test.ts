import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { createLogger } from '@bookwright/kit';
import { applySuggestions } from '@handlewithcare/prosemirror-suggest-changes';
import type { Transaction } from '@tiptap/pm/state';
import { bookSchema, manuscriptFragmentName, printedManuscript } from '@bookwright/manuscript';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until, type LiveClient } from '../testing/live-client';
import { pageOn } from './testing-pages';

/*
 * An editor's changes are always suggestions (issue 44): the server refuses, from an editor, any update
 * that changes the printed book, and closes that connection; the document and the stored book keep
 * nothing of it. Real providers over WebSockets, as the web editor connects.
 */

let harness: CollabHarness;
afterEach(async () => harness?.stop());

/** What the collab service logged, line by line. */
let logged: Array<Record<string, unknown>> = [];

/** Ada (owner), Cy (co-author) and Ed (editor) in one book, all synced. */
async function aBookWithAnEditor(): Promise<{ ada: LiveClient; cy: LiveClient; ed: LiveClient }> {
  logged = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  harness = await new CollabHarness({ logger: createLogger({ service: 'collab-test', destination }) }).start();
  harness.store.add('b1', bookOf('The lamp is lit.', 'Night falls.'), { ada: 'owner', cy: 'coauthor', ed: 'editor' });
  const ada = harness.client('ada', 'b1');
  const cy = harness.client('cy', 'b1', harness.token('cy', 'b1', { role: 'coauthor' }));
  const ed = harness.client('ed', 'b1', harness.token('ed', 'b1', { role: 'editor' }));
  await until(() => [ada, cy, ed].every((client) => client.provider.isSynced), 'all synced');
  return { ada, cy, ed };
}

/** The text block `index` holds (the heading is 0), as a client's document has it. */
function textOf(client: LiveClient, index: number): Y.XmlText {
  const block = client.doc.getXmlFragment(manuscriptFragmentName).get(index) as Y.XmlElement;
  return block.get(0) as Y.XmlText;
}

/** The editor's connection was closed as sending what it may not, and Ada's document holds none of it. */
async function refused(ed: LiveClient, ada: LiveClient, adaHad: string): Promise<void> {
  await until(() => ed.closes.includes('invalid-message'), "the editor's connection closed");
  expect(ada.text()).toBe(adaHad);
}

/** Ada's own edit is saved, and the stored book is the one before the refused update, with that edit. */
async function storedWithOnlyAdasEdit(ada: LiveClient, paragraphs: string[]): Promise<void> {
  ada.type(2, 0, 'Still here. ');
  ada.destroy();
  await until(() => harness.store.saves.length > 0, 'the save');
  expect(blockTexts(harness.store.stored('b1'))).toEqual(['Chapter 1', paragraphs[0], `Still here. ${paragraphs[1]}`]);
}

describe("an editor's updates", () => {
  it('a suggestion reaches the others and is stored, marked', async () => {
    const { ada, ed } = await aBookWithAnEditor();
    pageOn(ed.doc).edit((state) => state.tr.insertText('brass ', 5), { suggesting: true });
    await until(() => ada.text().includes('brass'), 'the suggestion reached Ada');
    pageOn(ed.doc).edit((state) => state.tr.delete(24, 29), { suggesting: true });
    await until(() => ada.text().includes('deletion'), 'the suggested deletion reached Ada');
    ed.destroy();
    ada.destroy();
    await until(() => harness.store.saves.length > 0, 'the save');
    const stored = harness.store.stored('b1');
    expect(JSON.stringify(stored)).toMatch(/"insertion".*"deletion"/);
    expect(blockTexts(printedManuscript(stored))).toEqual(['Chapter 1', 'The lamp is lit.', 'Night falls.']);
    expect(ed.closes).toEqual([]);
  });

  it('a direct insertion is refused and closes that connection; nothing of it is stored', async () => {
    const { ada, ed } = await aBookWithAnEditor();
    const adaHad = ada.text();
    ed.type(1, 4, 'brass ');
    await refused(ed, ada, adaHad);
    await storedWithOnlyAdasEdit(ada, ['The lamp is lit.', 'Night falls.']);
  });

  it('a direct deletion is refused and closes that connection; nothing of it is stored', async () => {
    const { ada, ed } = await aBookWithAnEditor();
    const adaHad = ada.text();
    textOf(ed, 1).delete(4, 5);
    await refused(ed, ada, adaHad);
    await storedWithOnlyAdasEdit(ada, ['The lamp is lit.', 'Night falls.']);
  });

  it("accepting Ada's suggestion is refused; Ada's suggestion stays open", async () => {
    const { ada, ed } = await aBookWithAnEditor();
    pageOn(ada.doc, 'ada').edit((state) => state.tr.insertText('brass ', 5), { suggesting: true });
    await until(() => ed.text().includes('brass'), "Ada's suggestion reached the editor");
    const adaHad = ada.text();
    pageOn(ed.doc).edit(
      (state) => {
        let accepted: Transaction | undefined;
        applySuggestions(state, (transaction) => (accepted = transaction));
        return accepted!;
      },
      { suggesting: false },
    );
    await refused(ed, ada, adaHad);
    ada.type(2, 0, 'Still here. ');
    ada.destroy();
    await until(() => harness.store.saves.length > 0, 'the save');
    const stored = harness.store.stored('b1');
    expect(JSON.stringify(stored)).toContain('"insertion"');
    expect(blockTexts(printedManuscript(stored))).toEqual([
      'Chapter 1',
      'The lamp is lit.',
      'Still here. Night falls.',
    ]);
  });

  it('an owner and a co-author still write directly', async () => {
    const { ada, cy, ed } = await aBookWithAnEditor();
    cy.type(1, 0, 'Lo, ');
    ada.type(2, 0, 'And ');
    await until(() => ed.text().includes('Lo, ') && ed.text().includes('And '), 'both edits reached the editor');
    for (const client of [ada, cy, ed]) client.destroy();
    await until(() => harness.store.saves.length > 0, 'the save');
    expect(blockTexts(harness.store.stored('b1'))).toEqual(['Chapter 1', 'Lo, The lamp is lit.', 'And Night falls.']);
    expect([...ada.closes, ...cy.closes, ...ed.closes]).toEqual([]);
  });

  it("a suggestion in Ada's name is refused and logged at info with its reason; nothing of it is stored", async () => {
    const { ada, ed } = await aBookWithAnEditor();
    const adaHad = ada.text();
    pageOn(ed.doc, 'ada').edit((state) => state.tr.insertText('brass ', 16), { suggesting: true });
    await refused(ed, ada, adaHad);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 30, userId: 'ed', problem: expect.stringMatching(/someone else/) }),
    );
    await storedWithOnlyAdasEdit(ada, ['The lamp is lit.', 'Night falls.']);
  });

  it("taking Ada's comment anchor off is refused; the anchor stays", async () => {
    const { ada, ed } = await aBookWithAnEditor();
    const comment = bookSchema().marks['comment']!;
    pageOn(ada.doc, 'ada').edit((state) => state.tr.addMark(16, 20, comment.create({ commentId: 'c1' })), {
      suggesting: false,
    });
    await until(() => ed.text().includes('c1'), "Ada's comment reached the editor");
    const adaHad = ada.text();
    pageOn(ed.doc).edit((state) => state.tr.removeMark(16, 20, comment), { suggesting: false });
    await refused(ed, ada, adaHad);
    expect(logged).toContainEqual(expect.objectContaining({ level: 30, problem: expect.stringMatching(/anchor/) }));
  });

  it("a co-author's suggestion in Ed's name is refused and closes the co-author's connection; their own is not", async () => {
    const { ada, cy } = await aBookWithAnEditor();
    pageOn(cy.doc, 'cy').edit((state) => state.tr.insertText('brass ', 5), { suggesting: true });
    await until(() => ada.text().includes('brass'), "the co-author's own suggestion reached Ada");
    const adaHad = ada.text();
    pageOn(cy.doc, 'ed').edit((state) => state.tr.insertText('old ', 24), { suggesting: true });
    await refused(cy, ada, adaHad);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 30,
        userId: 'cy',
        role: 'coauthor',
        problem: expect.stringMatching(/someone else/),
      }),
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabDocumentName } from '@bookwright/contracts/http';
import { manuscriptFragmentName } from '@bookwright/manuscript';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until, type LiveClient } from '../testing/live-client';
import { syncContentOf } from './sync-message';

let harness: CollabHarness;
afterEach(async () => harness?.stop());

/** lib0's encoding of a Hocuspocus sync message: document name, Sync (0), `syncType`, then the content. */
function syncMessage(documentName: string, syncType: number, content: Uint8Array): Uint8Array {
  const name = new TextEncoder().encode(documentName);
  return Uint8Array.from([...varUint(name.length), ...name, 0, syncType, ...varUint(content.length), ...content]);
}
function varUint(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  return [...bytes, value];
}

/** Ada and a second person in one book; Ada's own edits keep flowing and being saved whatever happens. */
async function twoInABook(): Promise<{ ada: LiveClient; bo: LiveClient }> {
  harness = await new CollabHarness({ maxMessageBytes: 64 * 1024 }).start();
  harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', bo: 'coauthor' });
  const ada = harness.client('ada', 'b1');
  const bo = harness.client('bo', 'b1');
  await until(() => ada.provider.isSynced && bo.provider.isSynced, 'both synced');
  return { ada, bo };
}

/** The document and the stored book hold Ada's edit and nothing of the hostile message. */
async function onlyAdasEditSurvives(ada: LiveClient): Promise<void> {
  ada.type(1, 0, 'Still here. ');
  ada.destroy();
  await until(() => harness.store.saves.length > 0, 'the save');
  expect(blockTexts(harness.store.stored('b1'))).toEqual(['Chapter 1', 'Still here. The lamp is lit.']);
}

describe('hostile messages close that connection, not the document', () => {
  it('a message larger than the limit (1009), before anything reads it', async () => {
    const { ada, bo } = await twoInABook();
    bo.type(1, 0, 'x'.repeat(100 * 1024));
    await until(() => bo.socketCloseCodes.includes(1009), 'the socket closed as too large');
    expect(ada.text()).not.toContain('xxx');
    await onlyAdasEditSurvives(ada);
  });

  it('an update that does not decode', async () => {
    const { ada, bo } = await twoInABook();
    bo.sendRaw(syncMessage(collabDocumentName('b1'), 2, Uint8Array.from([1, 255, 255, 255, 255, 15, 7, 7])));
    await until(() => bo.closes.includes('invalid-message'), 'the connection closed');
    await onlyAdasEditSurvives(ada);
  });

  it('a message cut short inside its content', async () => {
    const { ada, bo } = await twoInABook();
    const whole = syncMessage(collabDocumentName('b1'), 2, Y.encodeStateAsUpdate(new Y.Doc()));
    bo.sendRaw(Uint8Array.from([...whole.subarray(0, whole.length - 1).slice(0, -1), 0xff]));
    await until(() => bo.closes.includes('invalid-message'), 'the connection closed');
    await onlyAdasEditSurvives(ada);
  });

  it("an update with a node the book's schema does not have", async () => {
    const { ada, bo } = await twoInABook();
    bo.doc.getXmlFragment(manuscriptFragmentName).insert(0, [new Y.XmlElement('script')]);
    await until(() => bo.closes.includes('invalid-message'), 'the connection closed');
    expect(ada.text()).not.toContain('script');
    await onlyAdasEditSurvives(ada);
  });

  it('an update with a mark the schema does not have, or outside the manuscript', async () => {
    const { ada, bo } = await twoInABook();
    const text = (bo.doc.getXmlFragment(manuscriptFragmentName).get(1) as Y.XmlElement).get(0) as Y.XmlText;
    text.format(0, 3, { blink: {} });
    await until(() => bo.closes.includes('invalid-message'), 'the first connection closed');
    const cy = harness.client('bo', 'b1');
    await until(() => cy.provider.isSynced, 'synced again');
    cy.doc.getMap('elsewhere').set('payload', 'x');
    await until(() => cy.closes.includes('invalid-message'), 'the second connection closed');
    await onlyAdasEditSurvives(ada);
  });
});

describe('reading a sync message', () => {
  it('finds the content of an update and of a second sync step, and nothing in other messages', () => {
    const content = Uint8Array.from([1, 2, 3]);
    expect(syncContentOf(syncMessage('book:b', 2, content))).toEqual({ kind: 'update', content });
    expect(syncContentOf(syncMessage('book:b', 1, content))).toEqual({ kind: 'step2', content });
    expect(syncContentOf(syncMessage('book:b', 0, content))).toEqual({ kind: 'none' });
    expect(() => syncContentOf(syncMessage('book:b', 2, content).subarray(0, 9))).toThrow(RangeError);
  });
});

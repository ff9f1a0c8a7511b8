import { afterEach, describe, expect, it } from 'vitest';
import { collabDocumentName, type TiptapDocument } from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until, type LiveClient } from '../testing/live-client';
import { OutsideWrites } from './outside-writes';

let harness: CollabHarness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

/** Two chapters: heading, paragraph, heading, paragraph. */
function twoChapters(first: string, second: string): TiptapDocument {
  const book = bookOf(first);
  book.content!.push(
    { type: 'heading', attrs: { textAlign: null, level: 1 }, content: [{ type: 'text', text: 'Chapter 2' }] },
    { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: second }] },
  );
  return book;
}

async function open(): Promise<{ harness: CollabHarness; ada: LiveClient }> {
  harness = await new CollabHarness().start();
  harness.store.add('b1', twoChapters('First chapter.', 'Second chapter.'), { ada: 'owner', bo: 'coauthor' });
  const ada = harness.client('ada', 'b1');
  await until(() => ada.provider.isSynced, 'synced');
  return { harness, ada };
}

const refused = (h: CollabHarness) => h.store.saveAttempts.length - h.store.saves.length;

describe('a write from outside a live session', () => {
  it('reaches the people in the document as edits, without reconnecting, and the next save is not refused', async () => {
    const { harness, ada } = await open();
    // An API client's PATCH /book/content/{id}, committed by the book service.
    harness.store.writeOutside('b1', twoChapters('First chapter.', 'Rewritten by an API client.'));
    await expect(harness.collab.outsideWrites.apply('b1', 'event-1')).resolves.toBe(true);
    await until(() => ada.text().includes('Rewritten by an API client.'), 'the outside write in the page');
    ada.type(3, 0, 'Then live. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
    await harness.collab.persistence.save(
      collabDocumentName('b1'),
      harness.collab.hocuspocus.documents.get('book:b1')!,
    );
    expect(blockTexts(harness.store.stored('b1'))[3]).toBe('Then live. Rewritten by an API client.');
    // Every save was taken: none was refused (412) and retried.
    expect(refused(harness)).toBe(0);
    expect(harness.store.saves.length).toBeGreaterThan(0);
    expect([ada.closes, ada.socketCloseCodes]).toEqual([[], []]);
  });

  it('keeps the edits typed in the document before it was applied', async () => {
    const { harness, ada } = await open();
    ada.type(1, 0, 'Typed live. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
    // The writer finished chapter 2 while Ada typed in chapter 1, before her edit was saved.
    harness.store.writeOutside('b1', twoChapters('First chapter.', 'The writer finished this.'));
    await harness.collab.outsideWrites.apply('b1', 'event-1');
    await until(() => ada.text().includes('The writer finished this.'), 'the outside write in the page');
    expect(ada.text()).toContain('Typed live. First chapter.');
    ada.destroy();
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'saved and unloaded');
    expect(blockTexts(harness.store.stored('b1'))).toEqual([
      'Chapter 1',
      'Typed live. First chapter.',
      'Chapter 2',
      'The writer finished this.',
    ]);
    expect(refused(harness)).toBe(0);
  });

  it('brings a restored revision to the people in the document', async () => {
    const { harness, ada } = await open();
    const original = harness.store.stored('b1');
    ada.type(1, 0, 'A draft to undo. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
    const document = harness.collab.hocuspocus.documents.get('book:b1')!;
    await harness.collab.persistence.save('book:b1', document);
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('A draft to undo. First chapter.');
    harness.store.writeOutside('b1', original);
    await harness.collab.outsideWrites.apply('b1', 'event-restore');
    await until(() => !ada.text().includes('A draft to undo.'), 'the restore in the page');
    expect(ada.text()).toContain('First chapter.');
    ada.type(3, 0, 'After. ');
    ada.destroy();
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'saved and unloaded');
    expect(blockTexts(harness.store.stored('b1'))).toEqual([
      'Chapter 1',
      'First chapter.',
      'Chapter 2',
      'After. Second chapter.',
    ]);
    expect(refused(harness)).toBe(0);
  });

  it("changes nothing for the live document's own save, nor for a book not open here", async () => {
    const { harness, ada } = await open();
    ada.type(1, 0, 'Mine. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
    await harness.collab.persistence.save('book:b1', harness.collab.hocuspocus.documents.get('book:b1')!);
    const before = ada.text();
    await expect(harness.collab.outsideWrites.apply('b1', 'own-save')).resolves.toBe(false);
    expect(ada.text()).toBe(before);
    harness.store.add('b2', bookOf('Closed book.'), { ada: 'owner' });
    const loads = harness.store.loads;
    await expect(harness.collab.outsideWrites.apply('b2', 'event-2')).resolves.toBe(false);
    expect(harness.store.loads).toBe(loads);
    expect(harness.collab.hocuspocus.documents.has('book:b2')).toBe(false);
  });

  it('is applied by the replica that claims it only', async () => {
    const { harness, ada } = await open();
    const lost = new OutsideWrites({
      hocuspocus: harness.collab.hocuspocus,
      persistence: harness.collab.persistence,
      claims: { claim: async () => false, stop: async () => {} },
      logger: silentLogger(),
    });
    harness.store.writeOutside('b1', twoChapters('First chapter.', 'Elsewhere.'));
    const loads = harness.store.loads;
    await expect(lost.apply('b1', 'event-1')).resolves.toBe(false);
    expect(harness.store.loads).toBe(loads);
    expect(ada.text()).not.toContain('Elsewhere.');
  });

  it('leaves a failed application to the next save, which merges it (412) and loses nothing', async () => {
    const { harness, ada } = await open();
    harness.store.writeOutside('b1', twoChapters('First chapter.', 'Outside.'));
    harness.store.failLoads = 1;
    await expect(harness.collab.outsideWrites.apply('b1', 'event-1')).rejects.toThrow();
    ada.type(1, 0, 'Live. ');
    ada.destroy();
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'saved and unloaded');
    expect(blockTexts(harness.store.stored('b1'))).toEqual([
      'Chapter 1',
      'Live. First chapter.',
      'Chapter 2',
      'Outside.',
    ]);
    expect(refused(harness)).toBe(1);
  });
});

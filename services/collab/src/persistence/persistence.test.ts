import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { Document, useDebounce } from '@hocuspocus/server';
import { manuscriptFragmentName } from '@bookwright/manuscript';
import { bookManuscriptCodec } from '../documents/book-manuscript-codec';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until } from '../testing/live-client';

let harness: CollabHarness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await harness?.stop();
  harness = undefined;
});

async function withBook(...paragraphs: string[]) {
  harness = await new CollabHarness().start();
  harness.store.add('b1', bookOf(...paragraphs), { ada: 'owner', bo: 'coauthor', cy: 'coauthor' });
  return harness;
}

describe('saving a live book', () => {
  it('is configured to save at most every 2 s while edits arrive (Hocuspocus debounce and maxDebounce)', async () => {
    const { collab } = await withBook('x');
    expect(collab.hocuspocus.configuration.debounce).toBe(2_000);
    expect(collab.hocuspocus.configuration.maxDebounce).toBe(2_000);
    // That configuration, on Hocuspocus's own debouncer: an edit every 100 ms for 10 s saves every 2 s.
    vi.useFakeTimers();
    const { debounce } = useDebounce();
    let saves = 0;
    for (let tick = 0; tick < 100; tick++) {
      void debounce('onStoreDocument-book:b1', async () => (saves += 1), 2_000, 2_000);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2_000);
    expect(saves).toBeGreaterThanOrEqual(5);
    expect(saves).toBeLessThanOrEqual(6);
  });

  it('saves once, at once, when the last person leaves with edits waiting for their save', async () => {
    await withBook('The lamp is lit.');
    const ada = harness!.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    ada.type(1, 0, 'Now. ');
    ada.type(1, 0, 'Then. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'edits reached the server');
    expect(harness!.store.saves).toHaveLength(0);
    ada.destroy();
    await until(() => harness!.store.saves.length > 0, 'the save');
    await until(() => harness!.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');
    expect(harness!.store.saves).toHaveLength(1);
    expect(blockTexts(harness!.store.stored('b1'))[1]).toBe('Then. Now. The lamp is lit.');
    expect(harness!.store.saves[0]!.editedBy).toEqual(['ada']);
  });

  it('saves what is pending when the service stops (SIGTERM), before letting go', async () => {
    await withBook('The lamp is lit.');
    const ada = harness!.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    ada.type(1, 0, 'Pending. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
    await harness!.collab.stop();
    expect(blockTexts(harness!.store.stored('b1'))[1]).toBe('Pending. The lamp is lit.');
  });

  it('keeps retrying a save the book service refuses, says so, and loses nothing', async () => {
    await withBook('The lamp is lit.');
    const ada = harness!.client('ada', 'b1');
    const bo = harness!.client('bo', 'b1');
    await until(() => ada.provider.isSynced && bo.provider.isSynced, 'synced');
    harness!.store.failSaves = 4;
    ada.type(1, 0, 'One. ');
    await until(() => harness!.store.saveAttempts.length >= 2, 'a retry');
    bo.type(1, 0, 'Two. ');
    ada.destroy();
    await until(() => blockTexts(harness!.store.stored('b1'))[1] === 'Two. One. The lamp is lit.', 'both saved');
    await until(() => bo.saveStates.at(-1) === 'saved', 'told saved');
    expect(harness!.store.saveAttempts.length).toBeGreaterThan(4);
    // The page was told the save was retrying, then that it was saved.
    expect(bo.saveStates).toContain('retrying');
    expect(bo.saveStates.indexOf('retrying')).toBeLessThan(bo.saveStates.lastIndexOf('saved'));
    bo.destroy();
    await until(() => harness!.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');
  });

  it('merges a write from outside the live document (412) without overwriting it, keeping the live edits', async () => {
    harness = await new CollabHarness().start();
    const twoChapters = bookOf('First chapter.');
    twoChapters.content!.push(
      { type: 'heading', attrs: { textAlign: null, level: 1 }, content: [{ type: 'text', text: 'Chapter 2' }] },
      { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'Second chapter.' }] },
    );
    harness.store.add('b1', twoChapters, { ada: 'owner' });
    const ada = harness.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    // An API client rewrites chapter 2 while Ada types in chapter 1.
    const outside = structuredClone(twoChapters);
    outside.content![3] = { ...outside.content![3]!, content: [{ type: 'text', text: 'Rewritten outside.' }] };
    harness.store.writeOutside('b1', outside);
    ada.type(1, 0, 'Live. ');
    await until(() => ada.text().includes('Rewritten outside.'), 'the outside write reached the page');
    await until(() => blockTexts(harness!.store.stored('b1'))[1] === 'Live. First chapter.', 'the merge saved');
    expect(blockTexts(harness.store.stored('b1'))).toEqual([
      'Chapter 1',
      'Live. First chapter.',
      'Chapter 2',
      'Rewritten outside.',
    ]);
  });
});

describe('opening a live book again', () => {
  it('stores the state it built from the chapters, saving no text, and the next open applies it', async () => {
    await withBook('The lamp is lit.');
    const store = harness!.store;
    const ada = harness!.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    await until(() => store.stateStores.length === 1, 'the built state stored');
    expect(store.stateStores[0]).toMatchObject({ bookId: 'b1', manuscriptVersion: store.books.get('b1')!.version });
    expect(store.stateStores[0]!.stored).toBe(true);
    // Only the state: no save of the text, so no version, ETag or revision moved.
    expect(store.saveAttempts).toHaveLength(0);
    ada.destroy();
    await until(() => harness!.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');

    const loaded = await store.load('b1');
    expect(loaded.state).not.toBeNull();
    const bo = harness!.client('bo', 'b1');
    await until(() => bo.provider.isSynced, 'synced again');
    expect(bo.text()).toContain('The lamp is lit.');
    // Applied, not built again: nothing more to store.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.stateStores).toHaveLength(1);
    // And it is a live document like any other: an edit in it is saved.
    bo.type(1, 0, 'Again. ');
    await until(() => bo.provider.unsyncedChanges === 0, 'the edit reached the server');
    bo.destroy();
    await until(() => store.saves.length === 1, 'the save');
    expect(blockTexts(store.stored('b1'))[1]).toBe('Again. The lamp is lit.');
  });

  it('opens again from the state it still holds, only while the stored state is that one', async () => {
    await withBook('The lamp is lit.');
    const store = harness!.store;
    const ada = harness!.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    ada.type(1, 0, 'Kept. ');
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
    ada.destroy();
    await until(
      () => store.saves.length === 1 && harness!.collab.hocuspocus.getDocumentsCount() === 0,
      'saved, unloaded',
    );

    // A reload: the state it still holds stands, so neither it nor the text is read again.
    const again = harness!.client('ada', 'b1');
    await until(() => again.provider.isSynced, 'open again');
    expect(store.heldLoads).toBe(1);
    expect(again.text()).toContain('Kept. The lamp is lit.');
    again.type(1, 0, 'More. ');
    await until(() => again.provider.unsyncedChanges === 0, 'the edit reached the server');
    again.destroy();
    await until(() => store.saves.length === 2 && harness!.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');
    expect(blockTexts(store.stored('b1'))[1]).toBe('More. Kept. The lamp is lit.');

    // Another replica's save since (a state stored with the same text, another stamp): not the held one.
    await store.save({ ...store.saves.at(-1)!, ifMatch: store.books.get('b1')!.version });
    const third = harness!.client('bo', 'b1');
    await until(() => third.provider.isSynced, 'open after a save elsewhere');
    expect(store.heldLoads).toBe(1);
    expect(third.text()).toContain('More. Kept. The lamp is lit.');
    third.destroy();
    await until(() => harness!.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');

    // A write from outside since: the text moved, the held state is not used, the outside text opens.
    store.writeOutside('b1', bookOf('Written outside.'));
    const fourth = harness!.client('bo', 'b1');
    await until(() => fourth.provider.isSynced, 'open after an outside write');
    expect(store.heldLoads).toBe(1);
    expect(fourth.text()).toContain('Written outside.');
    expect(fourth.text()).not.toContain('Kept.');
  });

  it('merges an outside write into a document opened from its state, whose text it did not load', async () => {
    harness = await new CollabHarness().start();
    const store = harness.store;
    const twoChapters = bookOf('First chapter.');
    twoChapters.content!.push(
      { type: 'heading', attrs: { textAlign: null, level: 1 }, content: [{ type: 'text', text: 'Chapter 2' }] },
      { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'Second chapter.' }] },
    );
    store.add('b1', twoChapters, { ada: 'owner' });
    const first = harness.client('ada', 'b1');
    await until(() => first.provider.isSynced && store.stateStores.length === 1, 'built, its state stored');
    first.destroy();
    await until(() => harness!.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');
    expect((await store.load('b1', { documentWithState: false })).document).toBeNull();

    const ada = harness.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'opened from the state');
    const outside = structuredClone(twoChapters);
    outside.content![3] = { ...outside.content![3]!, content: [{ type: 'text', text: 'Rewritten outside.' }] };
    store.writeOutside('b1', outside);
    ada.type(1, 0, 'Live. ');
    await until(() => blockTexts(store.stored('b1'))[1] === 'Live. First chapter.', 'the merge saved');
    expect(blockTexts(store.stored('b1'))).toEqual([
      'Chapter 1',
      'Live. First chapter.',
      'Chapter 2',
      'Rewritten outside.',
    ]);
  });

  it('does not store the built state when the document changed before it was taken', async () => {
    await withBook('The lamp is lit.');
    const { persistence } = harness!.collab;
    const document = new Document('book:b1');
    await persistence.onLoadDocument({ documentName: 'book:b1', document });
    // An edit in the same turn as the build, before the state is taken: it would not stand for the chapters.
    document.getXmlFragment(manuscriptFragmentName).insert(0, [new Y.XmlElement('paragraph')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness!.store.stateStores).toHaveLength(0);
    document.destroy();
  });
});

describe('a state built elsewhere, met by a merge', () => {
  it('is merged as text, not applied as a CRDT: a build that never saw this document would double a chapter', async () => {
    harness = await new CollabHarness().start();
    const store = harness.store;
    store.add('b1', bookOf('First chapter.'), { ada: 'owner' });
    const ada = harness.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    // Outside, the chapter is rewritten, and a build of the new text (another replica's) stores its state.
    const outside = bookOf('Rewritten outside.');
    store.writeOutside('b1', outside);
    const elsewhere = new Y.Doc();
    bookManuscriptCodec().fill(elsewhere, outside);
    const built = Buffer.from(Y.encodeStateAsUpdate(elsewhere)).toString('base64');
    await store.storeState({ bookId: 'b1', manuscriptVersion: store.books.get('b1')!.version, state: built });
    ada.type(1, 0, 'Live. ');
    await until(() => store.saves.length > 0, 'the merge saved');
    // The outside write won its chapter (merge-outside-write's rule), once, not beside the old text.
    expect(blockTexts(store.stored('b1'))).toEqual(['Chapter 1', 'Rewritten outside.']);
  });
});

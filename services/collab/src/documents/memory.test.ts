import { afterEach, describe, expect, it, vi } from 'vitest';
import { Document } from '@hocuspocus/server';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until } from '../testing/live-client';

let harness: CollabHarness;
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.stop();
});

async function withBook(options: ConstructorParameters<typeof CollabHarness>[0] = {}) {
  harness = await new CollabHarness(options).start();
  harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner' });
  return harness;
}

/** One person opens the book, types `text` (unless none), and leaves. */
async function visit(text?: string): Promise<void> {
  const ada = harness.client('ada', 'b1');
  await until(() => ada.provider.isSynced, 'synced');
  if (text) {
    ada.type(1, 0, text);
    await until(() => ada.provider.unsyncedChanges === 0, 'the edit reached the server');
  }
  ada.destroy();
}

describe('documents leave memory when the last person leaves', () => {
  it('after visits with nothing typed', async () => {
    await withBook();
    for (let visitNumber = 0; visitNumber < 5; visitNumber++) await visit();
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'no document held');
    expect(harness.collab.connections.size).toBe(0);
  });

  it('after visits while saving fails: held (nothing dropped) until the book service is back, then gone', async () => {
    await withBook();
    harness.store.failSaves = Number.MAX_SAFE_INTEGER;
    for (const text of ['One. ', 'Two. ', 'Three. ']) await visit(text);
    await until(() => harness.store.saveAttempts.length >= 3, 'failed saves');
    // Nobody is in the book and its saves fail: it stays, with its edits, and is retried.
    expect(harness.collab.hocuspocus.getDocumentsCount()).toBe(1);
    harness.store.failSaves = 0;
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'saved, then unloaded');
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('Three. Two. One. The lamp is lit.');
  });

  it('after visits whose load failed, each document destroyed (Hocuspocus issue #1156)', async () => {
    await withBook();
    const destroyed = vi.spyOn(Document.prototype, 'destroy');
    harness.store.failLoads = 3;
    for (let attempt = 0; attempt < 3; attempt++) {
      const ada = harness.client('ada', 'b1');
      await until(() => ada.refusals.length > 0, 'the refusal');
      expect(ada.refusals).toEqual(['unavailable']);
      ada.destroy();
    }
    expect(destroyed).toHaveBeenCalledTimes(3);
    expect(harness.collab.hocuspocus.getDocumentsCount()).toBe(0);
    expect(harness.collab.hocuspocus.loadingDocuments.size).toBe(0);
    // The book service is back: the next visit opens and saves the book as usual.
    await visit('Back. ');
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'unloaded');
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('Back. The lamp is lit.');
  });

  it('and the safety net unloads a document left behind with nobody in it and nothing to save', async () => {
    await withBook({ sweepMs: 50 });
    const ada = harness.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    // A document nobody holds that Hocuspocus's own unloading missed (as issue #846's failed store did).
    harness.store.add('b2', bookOf('Stray.'), { ada: 'owner' });
    const stray = await harness.collab.hocuspocus.createDocument('book:b2', {}, 'test', {
      isAuthenticated: true,
      readOnly: false,
    });
    expect(harness.collab.hocuspocus.documents.has(stray.name)).toBe(true);
    await until(() => !harness.collab.hocuspocus.documents.has(stray.name), 'the stray unloaded');
    expect(harness.collab.hocuspocus.documents.has('book:b1')).toBe(true);
    ada.destroy();
  });
});

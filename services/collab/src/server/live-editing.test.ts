import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bookManuscriptCodec } from '../documents/book-manuscript-codec';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { until } from '../testing/live-client';

let harness: CollabHarness;
afterEach(async () => harness?.stop());

describe('a live book', () => {
  it('reaches two people, and their concurrent edits in one paragraph converge to one text', async () => {
    harness = await new CollabHarness().start();
    harness.store.add('b1', bookOf('The keeper climbs the stair.'), { ada: 'owner', bo: 'coauthor' });
    const ada = harness.client('ada', 'b1');
    const bo = harness.client('bo', 'b1');
    await until(() => ada.provider.isSynced && bo.provider.isSynced, 'both synced');
    expect(ada.text()).toContain('The keeper climbs the stair.');

    // Both type in the same paragraph before either has seen the other's edit.
    ada.type(1, 4, 'old ');
    bo.type(1, 27, ' at dusk');
    await until(
      () => ada.text() === bo.text() && ada.text().includes('dusk') && ada.text().includes('old'),
      'convergence',
    );
    expect(ada.text()).toBe(bo.text());
    expect(ada.text()).toContain('<paragraph>The old keeper climbs the stair at dusk.</paragraph>');

    // Stored once the last person leaves, exactly what the pages show.
    const shown = ada.text();
    ada.destroy();
    bo.destroy();
    await until(() => harness.collab.hocuspocus.getDocumentsCount() === 0, 'document unloaded');
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('The old keeper climbs the stair at dusk.');
    expect(shown).toContain('The old keeper climbs the stair at dusk.');
  });

  it('opened by three people at the same moment, holds the book once', async () => {
    harness = await new CollabHarness().start();
    harness.store.add('b1', bookOf('Once.', 'Twice?'), { ada: 'owner', bo: 'coauthor', cy: 'editor' });
    const clients = ['ada', 'bo', 'cy'].map((userId) => harness.client(userId, 'b1'));
    await until(() => clients.every((client) => client.provider.isSynced), 'all synced');
    const expected = '<heading level="1">Chapter 1</heading><paragraph>Once.</paragraph><paragraph>Twice?</paragraph>';
    for (const client of clients) expect(client.text().replaceAll(/ textAlign="[a-z]*"/g, '')).toBe(expected);
    expect(harness.store.loads).toBe(1);
  });

  it('built again from the same chapters (another replica, a second load), merges into the same items', async () => {
    harness = await new CollabHarness().start();
    harness.store.add('b1', bookOf('Once.'), { ada: 'owner' });
    const ada = harness.client('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    // What a second replica that filled the book from the same stored chapters would send.
    const elsewhere = new Y.Doc();
    bookManuscriptCodec().fill(elsewhere, harness.store.stored('b1'));
    Y.applyUpdate(ada.doc, Y.encodeStateAsUpdate(elsewhere));
    expect(ada.text().match(/Once\./g)).toHaveLength(1);
  });
});

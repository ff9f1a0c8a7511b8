import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { CollabHarness, blockTexts, bookOf } from '../testing/collab-harness';
import { FakeBookStore } from '../testing/fake-book-store';
import { until } from '../testing/live-client';
import { redisReplicas } from '../server/redis-replicas';
import { redisClaims } from './redis-claims';

/**
 * Two collab replicas meeting in the Redis on this machine (127.0.0.1:6379), as in distributed mode: run
 * where the servers are (CI's real-servers run sets NATS_URL; REDIS_URL names another Redis), skipped on a
 * machine with the embedded defaults only, which has no Redis.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const serversHere = Boolean(process.env.REDIS_URL || process.env.NATS_URL);
let replicas: CollabHarness[] = [];
afterEach(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  replicas = [];
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

describe.skipIf(!serversHere)('an outside write with two replicas holding the document', () => {
  it('is applied by one of them only, reaches the people on both, and is stored once', async () => {
    const store = new FakeBookStore();
    store.add('b1', twoChapters('First.', 'Before.'), { ada: 'owner', bo: 'coauthor' });
    const redis = { url: redisUrl, prefix: `test-${randomUUID()}`, logger: silentLogger() };
    replicas = await Promise.all([
      new CollabHarness({ store, replicas: await redisReplicas(redis) }).start(),
      new CollabHarness({ store, replicas: await redisReplicas(redis) }).start(),
    ]);
    const [one, two] = replicas as [CollabHarness, CollabHarness];
    const ada = one.client('ada', 'b1');
    const bo = two.client('bo', 'b1');
    await until(() => ada.provider.isSynced && bo.provider.isSynced, 'both synced');
    ada.type(1, 0, 'Ada. ');
    await until(() => bo.text().includes('Ada. '), 'the replicas meet');

    store.writeOutside('b1', twoChapters('First.', 'Restored.'));
    // Both replicas hear the event (a tail); the claim lets one apply it.
    const applied = await Promise.all([
      one.collab.outsideWrites.apply('b1', 'e1'),
      two.collab.outsideWrites.apply('b1', 'e1'),
    ]);
    expect(applied.filter(Boolean)).toHaveLength(1);
    await until(() => ada.text().includes('Restored.') && bo.text().includes('Restored.'), 'both pages');
    await until(() => ada.text() === bo.text(), 'convergence');
    expect(ada.text().match(/Restored\./g)).toHaveLength(1);
    ada.destroy();
    bo.destroy();
    await until(() => replicas.every((r) => r.collab.hocuspocus.getDocumentsCount() === 0), 'saved and unloaded');
    // Ada's edit (another chapter, not saved yet) and the outside write are both stored, once.
    expect(blockTexts(store.stored('b1'))).toEqual(['Chapter 1', 'Ada. First.', 'Chapter 2', 'Restored.']);
    // The replica that applied saves on the new version. The other may save once on the old one and be
    // refused (412) before the merged text reaches it over Redis; its merge then finds nothing to add.
    expect(store.saveAttempts.length - store.saves.length).toBeLessThanOrEqual(1);
  });

  it('claims an event once across replicas (SET NX)', async () => {
    const prefix = `test-${randomUUID()}`;
    const claims = [0, 1, 2].map(() => redisClaims({ redisUrl, prefix, logger: silentLogger() }));
    try {
      const answers = await Promise.all(claims.map((c) => c.claim('b1:e1')));
      expect(answers.filter(Boolean)).toHaveLength(1);
      await expect(claims[0]!.claim('b1:e2')).resolves.toBe(true);
    } finally {
      await Promise.all(claims.map((c) => c.stop()));
    }
  });
});

import { randomUUID } from 'node:crypto';
import { OutboxRelay, silentLogger } from '@bookwright/kit';
import { createServiceTestWorld } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { BookDatabase } from '../db/schema';
import type { BookHandlerDeps } from '../handlers/deps';
import { updateContent } from '../handlers/update-content';
import { getRevision } from '../handlers/get-revisions';
import { listRevisions } from '../handlers/list-revisions';
import { booksRepository } from '../repositories/books.repository';
import { bookRow } from './book-row';
import { RevisionRetention } from '../domain/revision-retention';
import { everyonePays } from '../access/payer-plans';
import { SavedChaptersMemory } from '../domain/saved-chapters';

/** An editor document of one paragraph per argument, as JSON text. */
export const doc = (...paragraphs: string[]): string =>
  JSON.stringify({
    type: 'doc',
    content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  });

/**
 * For handler tests: one book `b1` of user `u1` (ready with the text "start", or being written), in kit's
 * service test world (a real database) with no service started, and handler deps whose clock the test
 * moves: the revision throttle and retention are about time, and tests never sleep.
 */
export async function oneBook(status: 'ready' | 'writing' = 'ready') {
  const world = await createServiceTestWorld<BookDatabase>({ service: 'book' });
  const database = await world.database(migrations);
  const clock = { now: new Date('2026-06-30T09:00:00Z') };
  // Never started: it publishes only what a save holds for it (book.updated), on the world's bus.
  const relay = new OutboxRelay({ db: database.db, bus: world.bus, logger: silentLogger() });
  const now = () => clock.now;
  const retention = new RevisionRetention({ db: database.db, logger: silentLogger(), now });
  const deps: BookHandlerDeps = {
    db: database.db,
    relay,
    // These handlers call no other service.
    bus: world.bus,
    blobs: world.blobs,
    logger: silentLogger(),
    newId: randomUUID,
    now,
    retention,
    savedChapters: new SavedChaptersMemory(),
    payers: everyonePays,
  };
  await booksRepository.insert(
    database.db,
    bookRow({ id: 'b1', idempotency_key: 'k1', status, book_content: status === 'ready' ? doc('start') : null }),
  );
  return {
    database,
    deps,
    clock,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    save: (text: string, ifMatch?: string[]) =>
      updateContent(deps)({ userId: 'u1', bookId: 'b1', bookContent: doc(text), ifMatch }),
    list: async () => (await listRevisions(deps)({ userId: 'u1', bookId: 'b1' })).revisions,
    textOf: async (revisionId: string) =>
      (await getRevision(deps)({ userId: 'u1', bookId: 'b1', revisionId })).bookContent,
    /** Thins the histories that kept a snapshot now, instead of a moment later. */
    thin: () => retention.run(),
    close: async () => {
      await relay.stop();
      await retention.stop();
      await world.stop();
    },
  };
}

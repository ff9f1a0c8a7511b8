import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coverBlobKey } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { openCoverWorld, type CoverTestWorld } from '../testing/harness';

let world: CoverTestWorld;
beforeEach(async () => {
  world = await openCoverWorld();
  await world.start();
});
afterEach(async () => {
  await world.stop();
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function coverOf(bookId: string, userId: string) {
  const now = new Date();
  await world.database.db
    .insertInto('cover_generations')
    .values({
      request_id: `req-${bookId}`,
      user_id: userId,
      book_id: bookId,
      status: 'done',
      cover_id: `cover-${bookId}`,
      width: 10,
      height: 15,
      provider: 'offline',
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const variant of ['master', 'thumb'] as const)
    await world.blobs.put(coverBlobKey(bookId, `cover-${bookId}`, variant), Buffer.from('png'), {
      contentType: 'image/png',
    });
}

const generationsOf = (bookId: string) =>
  world.database.db.selectFrom('cover_generations').select('request_id').where('book_id', '=', bookId).execute();

describe('book.deleted', () => {
  it("removes the book's cover images and generation records, and nothing of any other book", async () => {
    await coverOf('gone', 'u1');
    await coverOf('kept', 'u1');
    await world.bus.publish(events.bookDeleted, { bookId: 'gone', userId: 'u1', deletedAt: new Date().toISOString() });
    await eventually(async () => (await world.blobs.list('covers/gone')).length === 0);
    await eventually(async () => (await generationsOf('gone')).length === 0);
    expect(await world.blobs.list('covers/kept')).toHaveLength(2);
    expect(await generationsOf('kept')).toHaveLength(1);

    // Delivered again: nothing left, nothing fails.
    await world.bus.publish(events.bookDeleted, { bookId: 'gone', userId: 'u1', deletedAt: new Date().toISOString() });
    await world.bus.publish(events.bookDeleted, { bookId: 'kept', userId: 'u1', deletedAt: new Date().toISOString() });
    await eventually(async () => (await world.blobs.list('covers/kept')).length === 0);
    expect(await world.keys()).toEqual([]);
  });
});

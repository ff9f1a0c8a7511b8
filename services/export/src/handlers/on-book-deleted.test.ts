import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { startExportWorld, type ExportTestWorld } from '../testing/harness';
import { exportBlobPrefix } from './render';

let world: ExportTestWorld;
beforeEach(async () => {
  world = await startExportWorld();
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

describe('book.deleted', () => {
  it('removes what downloads left of the book, and nothing of any other book', async () => {
    const leftOver = async (bookId: string) =>
      world.blobs.put(`${exportBlobPrefix(bookId)}/r1/book.epub`, Buffer.from('epub'), {
        contentType: 'application/epub+zip',
      });
    await leftOver('gone');
    await leftOver('kept');
    await world.bus.publish(events.bookDeleted, { bookId: 'gone', userId: 'u1', deletedAt: new Date().toISOString() });
    await eventually(async () => (await world.blobs.list(exportBlobPrefix('gone'))).length === 0);
    expect(await world.blobs.list(exportBlobPrefix('kept'))).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { startExportWorld, type ExportTestWorld } from '../testing/harness';
import { trickyBook } from '../testing/books';
import { exportBlobPrefix, renderExport } from './render';

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

describe('a book deleted while its export is rendered', () => {
  it('answers 404 and leaves no file behind', async () => {
    const owner = 'owner-1';
    const book = world.books.add(owner, trickyBook());
    const deps = world.handlerDeps();
    // The book service deletes the book as the file is stored; its `book.deleted` found nothing yet.
    const blobs = {
      ...deps.blobs,
      put: async (...args: Parameters<typeof deps.blobs.put>) => {
        world.books.books.delete(book._id);
        await deps.blobs.put(...args);
      },
    };
    const render = renderExport({ ...deps, blobs });
    await expect(
      render({ userId: owner, bookId: book._id, request: { format: 'epub' } }, world.context),
    ).rejects.toMatchObject({ status: 404 });
    expect(await world.blobs.list(exportBlobPrefix(book._id))).toEqual([]);
  });
});

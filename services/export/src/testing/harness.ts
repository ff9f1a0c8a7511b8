import { randomUUID } from 'node:crypto';
import { coverBlobKey, coverImageUrl, type Book } from '@bookwright/contracts/http';
import { silentLogger, type RequestContext } from '@bookwright/kit';
import { createServiceTestWorld, FakeBookService } from '@bookwright/kit/testing';
import type { ExportHandlerDeps } from '../handlers/deps';
import { createExportRenderer } from '../render/create-renderer';
import { createLimit } from '../render/limit';
import type { ExportRenderer } from '../render/renderer';
import { createExportService } from '../service';
import { coverPng } from './books';

/**
 * One test's world: kit's service test world (a bus, blobs in a temporary directory; export has no
 * database) with a fake book service on the bus, and the export service started as `runStandalone` would.
 */
export async function startExportWorld(options: { renderer?: ExportRenderer; env?: Record<string, string> } = {}) {
  // Export's tests add whole books (their tricky metadata is the point), kept exactly as given.
  const books = new FakeBookService((book) => book as Book);
  const world = await createServiceTestWorld<never>({ service: 'export', fakes: [books] });
  const { bus, blobs } = world;
  const service = createExportService(options.renderer ? { renderer: () => options.renderer! } : {});
  await world.settingUp(() => world.start(service, { env: options.env }));
  return {
    books,
    bus,
    blobs,
    context: { requestId: 'test', logger: silentLogger() } satisfies RequestContext,

    /** Stores a cover master for the book and points the book at it, as the cover service does. */
    async withCover(book: Book, widthPx = 1_024, heightPx = 1_536): Promise<Book> {
      const coverId = randomUUID();
      await blobs.put(coverBlobKey(book._id, coverId, 'master'), await coverPng(widthPx, heightPx), {
        contentType: 'image/png',
      });
      return { ...book, coverImage: coverImageUrl(book._id, coverId) };
    },

    /** Handler dependencies on this world's bus and blobs, for calling a handler directly. */
    handlerDeps(renderer: ExportRenderer = createExportRenderer()): ExportHandlerDeps {
      return {
        bus,
        blobs,
        logger: silentLogger(),
        renderer,
        renderSlots: createLimit(1),
        bookTimeoutMs: 5_000,
        pageCountTimeoutMs: 6_000,
        newId: randomUUID,
      };
    },

    stop: () => world.stop(),
  };
}

export type ExportTestWorld = Awaited<ReturnType<typeof startExportWorld>>;

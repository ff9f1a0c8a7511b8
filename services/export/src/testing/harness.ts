import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coverBlobKey, coverImageUrl, type Book } from '@bookwright/contracts';
import {
  createFsBlobStore,
  createInProcessBus,
  observeBus,
  parseConfig,
  silentLogger,
  type BlobStore,
  type Bus,
  type RequestContext,
  type RunningService,
} from '@bookwright/kit';
import { FakeBookService } from '@bookwright/kit/testing';
import { ExportConfigSchema } from '../config';
import type { ExportHandlerDeps } from '../handlers/deps';
import { createExportRenderer } from '../render/create-renderer';
import { createLimit } from '../render/limit';
import type { ExportRenderer } from '../render/renderer';
import { createExportService } from '../service';
import { coverPng } from './books';

/**
 * One test's world: a real in-process bus, a blob store in a temporary directory, a fake book service on
 * the bus and the export service started as `runStandalone` would start it.
 */
export class ExportTestWorld {
  readonly bus: Bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'export_test' }));
  // Export's tests add whole books (their tricky metadata is the point), kept exactly as given.
  readonly books = new FakeBookService((book) => book as Book);
  blobs!: BlobStore;
  #blobDir = '';
  #service: RunningService | undefined;

  async setUp(options: { renderer?: ExportRenderer; env?: Record<string, string> } = {}): Promise<void> {
    this.#blobDir = await mkdtemp(join(tmpdir(), 'export-blobs-'));
    this.blobs = createFsBlobStore({ root: this.#blobDir });
    await this.books.serve(this.bus);
    const service = createExportService(options.renderer ? { renderer: () => options.renderer! } : {});
    this.#service = await service.start({
      name: 'export',
      config: parseConfig(ExportConfigSchema, { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env }),
      logger: silentLogger(),
      bus: this.bus,
      blobs: this.blobs,
      openDatabase: async () => {
        throw new Error('the export service has no database');
      },
    });
  }

  /** Stores a cover master for the book and points the book at it, as the cover service does. */
  async withCover(book: Book, widthPx = 1_024, heightPx = 1_536): Promise<Book> {
    const coverId = randomUUID();
    await this.blobs.put(coverBlobKey(book._id, coverId, 'master'), await coverPng(widthPx, heightPx), {
      contentType: 'image/png',
    });
    return { ...book, coverImage: coverImageUrl(book._id, coverId) };
  }

  /** Handler dependencies on this world's bus and blobs, for calling a handler directly. */
  handlerDeps(renderer: ExportRenderer = createExportRenderer()): ExportHandlerDeps {
    return {
      bus: this.bus,
      blobs: this.blobs,
      logger: silentLogger(),
      renderer,
      renderSlots: createLimit(1),
      bookTimeoutMs: 5_000,
      pageCountTimeoutMs: 6_000,
      newId: randomUUID,
    };
  }

  readonly context: RequestContext = { requestId: 'test', logger: silentLogger() };

  async tearDown(): Promise<void> {
    await this.#service?.stop();
    await this.books.stop();
    await this.bus.close();
    if (this.#blobDir) await rm(this.#blobDir, { recursive: true, force: true });
  }
}

import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImagesProvider } from '@bookwright/ai';
import {
  createFsBlobStore,
  createInProcessBus,
  observeBus,
  parseConfig,
  silentLogger,
  type BlobStore,
  type Bus,
  type RunningService,
  type ServiceDatabase,
} from '@bookwright/kit';
import { createTestDatabase, FakeBookService } from '@bookwright/kit/testing';
import { CoverConfigSchema } from '../config';
import { migrations } from '../db/migrations';
import type { CoverDatabase } from '../db/schema';
import { createCoverService } from '../service';
import { buildBook, FakeBillingService } from './fakes';

/**
 * One test's world: a real in-process bus, a blob store in a temporary directory, the cover service's
 * database (PGlite, or PostgreSQL when DATABASE_URL is set), and fake book and billing services on the bus.
 */
export class CoverTestWorld {
  readonly bus: Bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'cover_test' }));
  readonly books = new FakeBookService(buildBook);
  readonly billing = new FakeBillingService();
  blobs!: BlobStore;
  database!: ServiceDatabase<CoverDatabase>;
  blobDir = '';
  #running: RunningService | undefined;

  async setUp(): Promise<void> {
    this.blobDir = await mkdtemp(join(tmpdir(), 'cover-blobs-'));
    this.blobs = createFsBlobStore({ root: this.blobDir });
    this.database = await createTestDatabase<CoverDatabase>('cover', migrations);
    await this.books.serve(this.bus);
    await this.billing.serve(this.bus);
  }

  /** Starts the cover service as `runStandalone` would; the images provider from `env` unless one is given. */
  async start(
    options: { images?: ImagesProvider; env?: Record<string, string>; now?: () => Date } = {},
  ): Promise<void> {
    const config = parseConfig(CoverConfigSchema, { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
    const database = this.database;
    const service = createCoverService({
      ...(options.images ? { images: () => options.images! } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    this.#running = await service.start({
      name: 'cover',
      config,
      logger: silentLogger(),
      bus: this.bus,
      blobs: this.blobs,
      openDatabase: async <DB>() =>
        ({ db: database.db, schema: database.schema, close: async () => undefined }) as unknown as ServiceDatabase<DB>,
    });
  }

  /** Puts bytes where the gateway leaves an upload; answers the key. */
  async upload(data: Buffer): Promise<string> {
    const key = `uploads/${randomUUID()}`;
    await this.blobs.put(key, data, { contentType: 'application/octet-stream' });
    return key;
  }

  /** Every blob key in the store. */
  async keys(): Promise<string[]> {
    const entries = await readdir(this.blobDir, { recursive: true });
    return entries
      .filter((e) => e.endsWith('~blob'))
      .map((e) => e.slice(0, -'~blob'.length).split('\\').join('/'))
      .sort();
  }

  async tearDown(): Promise<void> {
    await this.#running?.stop();
    await this.books.stop();
    await this.billing.stop();
    await this.bus.close();
    await this.database?.close();
    if (this.blobDir) await rm(this.blobDir, { recursive: true, force: true });
  }
}

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { events } from '@bookwright/contracts';
import type { LlmProvider } from '@bookwright/ai';
import {
  createFsBlobStore,
  createInProcessBus,
  observeBus,
  on,
  parseConfig,
  silentLogger,
  type BlobStore,
  type Bus,
  type RunningService,
  type ServiceDatabase,
  type Subscription,
} from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { WriterConfigSchema } from '../config';
import { migrations } from '../db/migrations';
import type { WriterDatabase } from '../db/schema';
import { createWriterService } from '../service';
import type { WriterTuning } from '../writing/deps';
import { FakeBookService } from './books';

export interface ChapterWrittenEvent {
  bookId: string;
  chapterNumber: number;
  chaptersWritten: number;
  chaptersTotal: number;
}

/**
 * One test's world: a real in-process bus, a blob store in a temporary directory, the writer's database
 * (PGlite, or PostgreSQL when DATABASE_URL is set) and a fake book service on the bus. Writer instances
 * started with `startWriter` share the database, as a restarted or redeployed writer does.
 */
export class WriterTestWorld {
  bus: Bus;
  readonly books = new FakeBookService();
  readonly chapterEvents: ChapterWrittenEvent[] = [];
  blobs!: BlobStore;
  database!: ServiceDatabase<WriterDatabase>;
  #blobDir = '';
  #writers = new Set<RunningService>();
  #observer: Subscription | undefined;

  constructor() {
    this.bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'writer_test' }));
  }

  async setUp(): Promise<void> {
    this.#blobDir = await mkdtemp(join(tmpdir(), 'writer-blobs-'));
    this.blobs = createFsBlobStore({ root: this.#blobDir });
    this.database = await createTestDatabase<WriterDatabase>('writer', migrations);
    await this.#attach();
  }

  /**
   * A new in-process bus, as after a process restart: the old one's event log is gone, so nothing
   * will be redelivered. Stop the writers on the old bus first.
   */
  async restartBus(): Promise<void> {
    if (this.#writers.size > 0) throw new Error('stop the writers before restarting the bus');
    await this.#observer?.stop();
    await this.books.stop();
    await this.bus.close();
    this.bus = observeBus(createInProcessBus({ logger: silentLogger(), namespace: 'writer_test' }));
    await this.#attach();
  }

  async #attach(): Promise<void> {
    await this.books.serve(this.bus);
    this.#observer = await this.bus.consume('writer-test-observer', [
      on(events.bookChapterWritten, async (data) => {
        this.chapterEvents.push(data);
      }),
    ]);
  }

  /** Starts a writer on the shared database, as `runStandalone` would; stop it with `stopWriter`. */
  async startWriter(options: {
    llm: LlmProvider;
    env?: Record<string, string>;
    tuning?: Partial<WriterTuning>;
    instanceId?: string;
  }): Promise<RunningService> {
    const service = createWriterService({
      llm: () => options.llm,
      tuning: { retryBaseMs: 10, sweepMs: 60_000, ...options.tuning },
      // A name of its own unless the test says otherwise: instances in one test are different writers.
      instanceId: options.instanceId ?? `writer-${randomUUID()}`,
    });
    const config = parseConfig(WriterConfigSchema, { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
    const database = this.database;
    const running = await service.start({
      name: 'writer',
      config,
      logger: silentLogger(),
      bus: this.bus,
      blobs: this.blobs,
      // The schema is migrated already; the writer's own close must not close the shared handle.
      openDatabase: async <DB>() =>
        ({ db: database.db, schema: database.schema, close: async () => undefined }) as unknown as ServiceDatabase<DB>,
    });
    this.#writers.add(running);
    return running;
  }

  async stopWriter(writer: RunningService): Promise<void> {
    this.#writers.delete(writer);
    await writer.stop();
  }

  async tearDown(): Promise<void> {
    for (const writer of this.#writers) await writer.stop();
    await this.#observer?.stop();
    await this.books.stop();
    await this.bus.close();
    await this.database?.close();
    if (this.#blobDir) await rm(this.#blobDir, { recursive: true, force: true });
  }
}

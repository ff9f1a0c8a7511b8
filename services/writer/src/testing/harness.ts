import { randomUUID } from 'node:crypto';
import { events } from '@bookwright/contracts/events';
import type { LlmProvider } from '@bookwright/ai';
import { on, type RunningService, type Subscription } from '@bookwright/kit';
import { createServiceTestWorld, FakeBookService, type BusFake } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { WriterDatabase } from '../db/schema';
import { createWriterService } from '../service';
import type { WriterTuning } from '../writing/deps';

export interface ChapterWrittenEvent {
  bookId: string;
  chapterNumber: number;
  chaptersWritten: number;
  chaptersTotal: number;
}

/**
 * One test's world: kit's service test world (a real database and bus, blobs in a temporary directory)
 * with a fake book service on the bus and a record of the chapters written. Writer instances started
 * with `startWriter` share the database, as a restarted or redeployed writer does.
 */
export async function openWriterWorld() {
  const books = new FakeBookService();
  const chapterEvents: ChapterWrittenEvent[] = [];
  let observer: Subscription | undefined;
  /** Records the chapters written; a fake of the world, so it moves with the bus on `restartBus`. */
  const chapterObserver: BusFake = {
    serve: async (bus) => {
      observer = await bus.consume('writer-test-observer', [
        on(events.bookChapterWritten, async (data) => {
          chapterEvents.push(data);
        }),
      ]);
    },
    stop: async () => observer?.stop(),
  };
  const world = await createServiceTestWorld<WriterDatabase>({ service: 'writer', fakes: [books, chapterObserver] });
  const database = await world.settingUp(() => world.database(migrations));
  return {
    books,
    chapterEvents,
    database,
    /** The bus of the moment: `restartBus` replaces it. */
    get bus() {
      return world.bus;
    },
    blobs: world.blobs,

    /**
     * A new bus, as after a process restart: the old one's event log is gone, so nothing will be
     * redelivered. Stop the writers on the old bus first.
     */
    async restartBus(): Promise<void> {
      await world.restartBus();
    },

    /** Starts a writer on the shared database, as `runStandalone` would; stop it with `stopWriter`. */
    startWriter(options: {
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
      return world.start(service, { env: options.env });
    },

    stopWriter: (writer: RunningService) => world.stopService(writer),

    stop: () => world.stop(),
  };
}

export type WriterTestWorld = Awaited<ReturnType<typeof openWriterWorld>>;

import { hostname } from 'node:os';
import { events } from '@bookwright/contracts/events';
import { requests, streams } from '@bookwright/contracts/bus';
import { createLlmProvider, resolveLlmProviderName, type LlmProvider } from '@bookwright/ai';
import { defineService, OutboxRelay, on, type Logger, type Subscription, pingDatabase } from '@bookwright/kit';
import { WriterConfigSchema, type WriterConfig } from './config';
import { migrations } from './db/migrations';
import type { WriterDatabase } from './db/schema';
import { onBookConfirmed } from './handlers/on-book-confirmed';
import { onUserDeleted } from './handlers/on-user-deleted';
import { onBookDeleted } from './handlers/on-book-deleted';
import { onBookTrashed } from './handlers/on-book-trashed';
import { onTranslationRequested } from './handlers/on-book-translation-requested';
import { rewritePassage } from './handlers/rewrite-passage';
import type { WriterTuning } from './writing/deps';
import { WritingRunner } from './writing/writing-runner';

export interface WriterServiceOptions {
  /** The LLM to write with; default the provider the configuration names. Tests pass their own. */
  llm?: (config: WriterConfig, logger: Logger) => LlmProvider;
  /** Overrides of the configured pacing (tests shorten the back-off). */
  tuning?: Partial<WriterTuning>;
  /** This writer's name in job leases; default WRITER_INSTANCE_ID, then the host name. */
  instanceId?: string;
}

/**
 * The writer: turns a confirmed plan into the book's manuscript, chapter by chapter, resuming after a crash,
 * and streams the editor's rewrites of a passage.
 */
export function createWriterService(options: WriterServiceOptions = {}) {
  return defineService({
    name: 'writer',
    configSchema: WriterConfigSchema,
    async start({ config, logger, bus, blobs, openDatabase }) {
      const llm = options.llm ? options.llm(config, logger) : createLlmProvider(config, logger);
      const database = await openDatabase<WriterDatabase>(migrations);
      const relay = new OutboxRelay({ db: database.db, bus, logger, events });
      relay.start();
      const tuning: WriterTuning = {
        concurrency: config.WRITER_CONCURRENCY,
        overlapNotes: config.WRITER_OVERLAP_NOTES,
        chapterAttempts: config.WRITER_CHAPTER_ATTEMPTS,
        retryBaseMs: config.WRITER_RETRY_BASE_MS,
        leaseMs: config.WRITER_LEASE_MS,
        sweepMs: config.WRITER_SWEEP_MS,
        requestTimeoutMs: config.WRITER_BOOK_TIMEOUT_MS,
        ...options.tuning,
      };
      const runner = new WritingRunner({
        db: database.db,
        bus,
        blobs,
        relay,
        llm,
        logger,
        tuning,
        instanceId: options.instanceId ?? config.WRITER_INSTANCE_ID ?? hostname(),
      });
      logger.info({ llm: llm.name, model: llm.model, concurrency: tuning.concurrency }, 'writer starting');

      const subscriptions: Subscription[] = [];
      const stopAll = async () => {
        await Promise.all(subscriptions.map((s) => s.stop()));
        await runner.stop();
        await relay.stop();
        // Progress committed in the last moments goes out now rather than with the next start.
        await relay.publishPending().catch((error: unknown) => {
          logger.warn({ err: error }, 'outbox not flushed on stop; it is published after the next start');
        });
        await database.close();
      };
      try {
        // Unfinished jobs first: the database, not the bus, is what survives a restart.
        await runner.start();
        // Its health also says who writes (GET /health `llm`): the configuration of the model lives here.
        const llmName = resolveLlmProviderName(config);
        subscriptions.push(
          await bus.serve(requests.writer.health, async () => {
            await pingDatabase(database.db);
            return { status: 'ok' as const, llm: llmName };
          }),
        );
        subscriptions.push(await bus.serveStream(streams.writer.rewritePassage, rewritePassage({ llm })));
        const handlers = [
          on(events.bookConfirmed, onBookConfirmed({ db: database.db, bus, runner })),
          on(events.bookTranslationRequested, onTranslationRequested({ db: database.db, bus, runner, blobs })),
          on(events.userDeleted, onUserDeleted({ db: database.db, blobs })),
          on(events.bookDeleted, onBookDeleted({ db: database.db, blobs, runner })),
          on(events.bookTrashed, onBookTrashed({ db: database.db, runner })),
        ];
        subscriptions.push(await bus.consume('writer', handlers));
      } catch (error) {
        await stopAll();
        throw error;
      }

      return {
        async ready() {
          await database.answers('writing_jobs');
          return true;
        },
        stop: stopAll,
      };
    },
  });
}

export const writerService = createWriterService();

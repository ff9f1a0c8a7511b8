import { randomUUID } from 'node:crypto';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { createImagesProvider, type ImagesProvider } from '@bookwright/ai';
import { createOfflineImagesProvider } from '@bookwright/cover-designer';
import { defineService, on, type Logger, type Subscription, serveHealth } from '@bookwright/kit';
import { CoverConfigSchema, type CoverConfig } from './config';
import { migrations } from './db/migrations';
import type { CoverDatabase } from './db/schema';
import type { CoverHandlerDeps } from './handlers/deps';
import { generateCover } from './handlers/generate';
import { uploadCover } from './handlers/upload';
import { applyCover } from './handlers/apply';
import { onUserDeleted } from './handlers/on-user-deleted';
import { onBookDeleted } from './handlers/on-book-deleted';
import { onBookTranslationRequested } from './handlers/on-book-translation-requested';
import { generationsRepository } from './repositories/generations.repository';

export interface CoverServiceOptions {
  /** The images provider; default the one the configuration names. Tests pass their own. */
  images?: (config: CoverConfig, logger: Logger) => ImagesProvider;
  now?: () => Date;
}

const housekeepingIntervalMs = 60 * 60 * 1000;

/**
 * Covers: upload validation and normalisation, generation (OpenAI, Replicate or the typographic designer),
 * storage, and a translation's cover (the original's art with the translation's title).
 */
export function createCoverService(options: CoverServiceOptions = {}) {
  return defineService({
    name: 'cover',
    configSchema: CoverConfigSchema,
    async start({ config, logger, bus, blobs, openDatabase }) {
      const images = options.images
        ? options.images(config, logger)
        : createImagesProvider(config, logger, { offline: createOfflineImagesProvider });
      const database = await openDatabase<CoverDatabase>(migrations);
      const now = options.now ?? (() => new Date());
      const deps: CoverHandlerDeps = {
        db: database.db,
        bus,
        blobs,
        images,
        logger,
        config,
        now,
        newId: randomUUID,
      };
      const ping = async () => {
        await database.answers('cover_generations');
      };

      let subscriptions: Subscription[] = [];
      try {
        subscriptions = await Promise.all([
          serveHealth(bus, requests.cover.health, ping),
          bus.serve(requests.cover.upload, uploadCover(deps)),
          bus.serve(requests.cover.generate, generateCover(deps)),
          bus.serve(requests.cover.apply, applyCover(deps)),
          bus.consume('cover', [
            on(events.userDeleted, onUserDeleted(deps)),
            on(events.bookDeleted, onBookDeleted(deps)),
            on(events.bookTranslationRequested, onBookTranslationRequested(deps)),
          ]),
        ]);
      } catch (error) {
        await Promise.all(subscriptions.map((s) => s.stop()));
        await database.close();
        throw error;
      }
      logger.info({ images: images.name, model: images.model }, 'cover service started');

      // Generations older than the rate-limit window (and a day for replays) serve nothing any more.
      const housekeeping = setInterval(() => {
        const before = new Date(now().getTime() - Math.max(config.COVER_RATE_WINDOW_MS, 24 * 60 * 60 * 1000));
        generationsRepository
          .deleteOlderThan(database.db, before)
          .catch((error: unknown) => logger.warn({ err: error }, 'cover housekeeping failed'));
      }, housekeepingIntervalMs);
      housekeeping.unref();

      return {
        async ready() {
          await ping();
          return true;
        },
        async stop() {
          clearInterval(housekeeping);
          await Promise.all(subscriptions.map((s) => s.stop()));
          await database.close();
        },
      };
    },
  });
}

export const coverService = createCoverService();

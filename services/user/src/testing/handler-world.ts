import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { events } from '@bookwright/contracts/events';
import {
  createFsBlobStore,
  createInProcessBus,
  createMailer,
  OutboxRelay,
  silentLogger,
  type BlobStore,
  type Bus,
  type Mailer,
  type ServiceDatabase,
} from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { UserDatabase } from '../db/schema';
import type { UserHandlerDeps } from '../handlers/deps';

/** One test's user handlers and what they stand on. */
export interface UserHandlerWorld {
  database: ServiceDatabase<UserDatabase>;
  /** In-process: the test serves the other services' requests it needs on it (billing, book). */
  bus: Bus;
  blobs: BlobStore;
  deps: UserHandlerDeps;
  /** Closes the mailer, the bus and the database, and removes the test's directory (blobs, mail files). */
  close(): Promise<void>;
}

/**
 * The user service's handlers against a real, migrated database (PGlite, or PostgreSQL when DATABASE_URL is
 * set) in a schema of their own, an in-process bus, and blobs and mail in a temporary directory: what each
 * handler test's `beforeEach` builds. The relay is never started, so the handlers' events stay in the outbox
 * for the test to read.
 */
export async function openUserHandlerWorld(
  options: {
    /** The mail as the test wants it (one that records, or fails); otherwise files in `dir`. */
    mailer?: Mailer;
    now?: () => Date;
    config?: UserHandlerDeps['config'];
  } = {},
): Promise<UserHandlerWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'user-handlers-'));
  const database = await createTestDatabase<UserDatabase>('user', migrations);
  const logger = silentLogger();
  const bus = createInProcessBus({ logger });
  const blobs = createFsBlobStore({ root: join(dir, 'blobs') });
  const mailer = options.mailer ?? createMailer({ from: 'test@example.com', dataDir: dir, logger });
  const deps: UserHandlerDeps = {
    db: database.db,
    relay: new OutboxRelay({ db: database.db, bus, logger, events }),
    blobs,
    mailer,
    config: options.config ?? { PUBLIC_URL: 'http://localhost:8080', SALES_EMAIL: 'sales@bookwright.app' },
    logger,
    now: options.now ?? (() => new Date()),
  };
  return {
    database,
    bus,
    blobs,
    deps,
    async close() {
      await mailer.close();
      await bus.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import {
  createFsBlobStore,
  createLogger,
  createInProcessBus,
  observeBus,
  parseConfig,
  silentLogger,
  type Bus,
  type Migration,
} from '@bookwright/kit';
import { createTestDatabase, type TableOutage } from '@bookwright/kit/testing';
import { BillingConfigSchema } from '../config';
import type { BillingDatabase } from '../db/schema';
import { createBillingService } from '../service';

/** A clock tests move by hand. */
export interface TestClock {
  now(): Date;
  set(at: string | Date): void;
}

export function testClock(start: string): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at);
    },
  };
}

export interface RunningBilling {
  /** The bus the service serves on: drive it with `bus.request(requests.billing.x, …)`. */
  bus: Bus;
  /** The service's own database, for checks no request exposes (periods, the outbox). */
  db: Kysely<BillingDatabase>;
  stop(): Promise<void>;
}

/**
 * The billing service as it runs in production, on a real database (PGlite, or PostgreSQL when
 * DATABASE_URL is set) and the in-process bus, with a clock the test controls.
 */
export async function startBilling(options: {
  clock: TestClock;
  env?: NodeJS.ProcessEnv;
  /** Puts the service's database behind this outage switch (the test's `db` stays direct). */
  outage?: TableOutage;
}): Promise<RunningBilling> {
  // A handler's unexpected error reaches the test only as a bare 500; BILLING_TEST_LOG=1 shows its log line.
  const logger = process.env.BILLING_TEST_LOG
    ? createLogger({ service: 'billing', level: 'error', pretty: false })
    : silentLogger();
  // Observed, as createBus makes it in production: consumers wait out a database outage there.
  const bus = observeBus(createInProcessBus({ logger }));
  const config = parseConfig(BillingConfigSchema, { NODE_ENV: 'test', ...options.env });
  let db: Kysely<BillingDatabase> | undefined;
  const running = await createBillingService({ now: options.clock.now }).start({
    name: 'billing',
    config,
    logger,
    bus,
    // Billing stores no blobs; the directory is never written.
    blobs: createFsBlobStore({ root: join(tmpdir(), 'bookwright-billing-test-blobs') }),
    async openDatabase<DB>(migrations: Migration[]) {
      const database = await createTestDatabase<DB>('billing', migrations);
      db = database.db as unknown as Kysely<BillingDatabase>;
      return options.outage ? { ...database, db: database.db.withPlugin(options.outage) } : database;
    },
  });
  if (!db) throw new Error('the billing service started without opening its database');
  return {
    bus,
    db,
    async stop() {
      await running.stop();
      await bus.close();
    },
  };
}

/** A user id no other test uses. */
export const newUserId = (): string => `user-${randomUUID()}`;

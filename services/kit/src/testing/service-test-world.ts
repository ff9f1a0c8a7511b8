import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, KyselyPlugin } from 'kysely';
import { createFsBlobStore } from '../blobs/fs-blob-store';
import type { BlobStore } from '../blobs/blob-store';
import type { Bus } from '../bus/bus';
import { createBus } from '../bus/create-bus';
import { dropBusNamespace } from '../bus/testing';
import { parseConfig, type BaseConfig } from '../config/config';
import type { Migration, ServiceDatabase } from '../db/database';
import { createTestDatabase } from '../db/testing';
import { createLogger, silentLogger, type Logger } from '../logger/logger';
import type { RunningService, ServiceDefinition } from '../lifecycle/service';

/** A stand-in for another service, served on the world's bus (a fake book service, a fake billing). */
export interface BusFake {
  serve(bus: Bus): Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceTestWorldOptions {
  /** The service under test: it names the test schema, the bus namespace and the blob directory. */
  service: string;
  /** The other services it talks to, served on the bus before it starts (and again after `restartBus`). */
  fakes?: BusFake[];
  /** Every statement of the service's own database handle goes through it (a `TableOutage`). */
  outage?: KyselyPlugin;
  /**
   * A variable that, when set, makes the service and the bus log their errors: a handler's unexpected
   * error otherwise reaches the test only as a bare 500 (`BOOK_TEST_LOG=1`).
   */
  logVariable?: string;
}

export interface StartOptions {
  /** Variables on top of the test defaults (`NODE_ENV=test`, `LOG_LEVEL=silent`). */
  env?: NodeJS.ProcessEnv;
  /** The service's clock for work that counts days. */
  now?: () => Date;
}

/**
 * One test's world around one service, built the way production builds it: a real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set) in a schema of its own, a bus (in-process, or NATS when NATS_URL
 * is set) in a namespace of its own, a blob store in a temporary directory, the chosen fakes served on
 * the bus, and the service started from its definition with a parsed config. `stop` undoes all of it.
 */
export interface ServiceTestWorld<DB> {
  readonly bus: Bus;
  readonly blobs: BlobStore;
  /** The blob store's directory, for tests that look at what was stored. */
  readonly blobDir: string;
  readonly logger: Logger;
  /** The service's database as the test sees it: direct, never behind the outage. Opened by `database`. */
  readonly db: Kysely<DB>;
  /**
   * Opens and migrates the service's database, once: every service started later shares it, as a
   * restarted or redeployed service does. `start` calls it with the service's own migrations.
   */
  database(migrations: Migration[]): Promise<ServiceDatabase<DB>>;
  /** Starts the service as `runStandalone` would; the world stops it unless the test does first. */
  start<Config extends BaseConfig>(
    definition: ServiceDefinition<Config>,
    options?: StartOptions,
  ): Promise<RunningService>;
  stopService(running: RunningService): Promise<void>;
  /**
   * A new bus in a new namespace, as after a restart of a process whose event log was lost: nothing is
   * redelivered. The fakes move to it; stop the services on the old bus first.
   */
  restartBus(): Promise<Bus>;
  /** Runs `cleanUp` when the world stops, before the bus closes. */
  onStop(cleanUp: () => Promise<void>): void;
  /**
   * A harness's set-up step (open the database, start the service): when it fails, the world stops before the
   * failure reaches the test, which never got a harness to stop and would leave the bus and database open.
   */
  settingUp<T>(step: () => Promise<T>): Promise<T>;
  /** Idempotent: a test may stop the world itself to see the service stop. */
  stop(): Promise<void>;
}

/** Ten tries in well under a second: a test waits for the bus's verdict, not for production's minutes. */
export const testRedeliveryBackoffMs: readonly number[] = [10, 20, 40];

export async function createServiceTestWorld<DB>(options: ServiceTestWorldOptions): Promise<ServiceTestWorld<DB>> {
  const { service, fakes = [], outage } = options;
  // Tests are the one place outside start-up that reads the environment: CI chooses the bus and the database.
  const natsUrl = process.env.NATS_URL || undefined;
  const logger =
    options.logVariable && process.env[options.logVariable]
      ? createLogger({ service, level: 'error', pretty: false })
      : silentLogger();
  const newNamespace = () => `t_${randomBytes(5).toString('hex')}_${service}`;
  const namespaces: string[] = [];
  const openBus = async () => {
    const namespace = newNamespace();
    namespaces.push(namespace);
    const bus = await createBus({
      natsUrl,
      namespace,
      logger,
      name: `${service}-test`,
      redeliveryBackoffMs: testRedeliveryBackoffMs,
    });
    for (const fake of fakes) await fake.serve(bus);
    return bus;
  };

  const blobDir = await mkdtemp(join(tmpdir(), `${service}-blobs-`));
  const blobs = createFsBlobStore({ root: blobDir });
  let bus = await openBus();
  let opened: Promise<ServiceDatabase<DB>> | undefined;
  let database: ServiceDatabase<DB> | undefined;
  const running = new Set<RunningService>();
  const cleanUps: Array<() => Promise<void>> = [];
  let stopped: Promise<void> | undefined;

  const world: ServiceTestWorld<DB> = {
    get bus() {
      return bus;
    },
    blobs,
    blobDir,
    logger,
    get db() {
      if (!database) throw new Error(`the ${service} test world has not opened its database`);
      return database.db;
    },
    async database(migrations) {
      database = await (opened ??= createTestDatabase<DB>(service, migrations));
      return database;
    },
    async start(definition, startOptions = {}) {
      const config = parseConfig(definition.configSchema, {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...startOptions.env,
      });
      const started = await definition.start({
        name: service,
        config,
        logger,
        bus,
        blobs,
        ...(startOptions.now ? { now: startOptions.now } : {}),
        openDatabase: async <ServiceDB>(migrations: Migration[]) => {
          const shared = await world.database(migrations);
          // The world closes the shared handle: a service stopping must not drop the schema under the next one.
          const handle = { ...shared, close: async () => undefined };
          return (outage
            ? { ...handle, db: shared.db.withPlugin(outage) }
            : handle) as unknown as ServiceDatabase<ServiceDB>;
        },
      });
      running.add(started);
      return started;
    },
    async stopService(started) {
      running.delete(started);
      await started.stop();
    },
    async restartBus() {
      if (running.size > 0) throw new Error('stop the services before restarting the bus');
      for (const fake of fakes) await fake.stop();
      await bus.close();
      bus = await openBus();
      return bus;
    },
    onStop(cleanUp) {
      cleanUps.push(cleanUp);
    },
    async settingUp(step) {
      try {
        return await step();
      } catch (error) {
        await world.stop();
        throw error;
      }
    },
    stop: () =>
      (stopped ??= (async () => {
        for (const started of [...running].reverse()) await world.stopService(started);
        for (const cleanUp of cleanUps) await cleanUp();
        for (const fake of fakes) await fake.stop();
        await bus.close();
        if (natsUrl) for (const namespace of namespaces) await dropBusNamespace(natsUrl, namespace);
        if (opened) await (await opened).close();
        await rm(blobDir, { recursive: true, force: true });
      })()),
  };
  return world;
}

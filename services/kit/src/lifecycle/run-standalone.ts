import { createLogger } from '../logger/logger';
import { ConfigError, parseConfig, type BaseConfig } from '../config/config';
import { busOptionsFrom, createBus } from '../bus/create-bus';
import { createBlobStore } from '../blobs';
import { openServiceDatabase } from '../db';
import type { RunningService, ServiceDefinition } from './service';
import { startHealthServer } from './health-server';
import { Liveness } from './liveness';

/**
 * Runs one service as its own process (distributed mode, or a single service against the embedded
 * adapters): parses config, connects the ports, serves /livez, /healthz and /readyz on HEALTH_PORT, and stops
 * gracefully on SIGTERM/SIGINT — in-flight work finishes, then the bus and stores close, exit 0.
 */
/** A stop signal repeated within this long is the same request delivered twice, not an impatient second one. */
const repeatedSignalGraceMs = 2_000;

export async function runStandalone<Config extends BaseConfig>(definition: ServiceDefinition<Config>): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(definition.configSchema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({
    service: definition.name,
    level: config.LOG_LEVEL,
    ...(config.LOG_PRETTY === undefined ? {} : { pretty: config.LOG_PRETTY }),
  });

  const bus = await createBus({ ...busOptionsFrom(config), logger, name: definition.name });
  const blobs = await createBlobStore({
    natsUrl: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    dataDir: config.DATA_DIR,
    logger,
  });
  // Filled in once start() resolves; the health server and signal handlers exist before that.
  const state: { running: RunningService | undefined; stopping: boolean } = { running: undefined, stopping: false };

  const liveness = new Liveness({
    blockedAfterMs: config.LIVENESS_BLOCKED_AFTER_MS,
    stalledAfterMs: config.LIVENESS_STALLED_AFTER_MS,
    ...(bus.backlog ? { backlog: () => bus.backlog!() } : {}),
  });
  const stopHeartbeat = liveness.start();
  const health = startHealthServer(
    config.HEALTH_PORT,
    logger,
    async () => !state.stopping && state.running !== undefined && (await state.running.ready()),
    () => liveness.check(),
  );

  let firstSignalAt = 0;
  const stop = async (signal: string) => {
    if (state.stopping) {
      // A Ctrl-C reaches the whole process group and a supervisor forwards it too: the same stop, twice.
      if (Date.now() - firstSignalAt < repeatedSignalGraceMs) return;
      logger.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    state.stopping = true;
    firstSignalAt = Date.now();
    logger.info({ signal }, 'stopping: finishing in-flight work');
    try {
      stopHeartbeat();
      await state.running?.stop();
      await bus.close();
      await blobs.close();
      await new Promise<void>((resolve) => health.close(() => resolve()));
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  state.running = await definition.start({
    name: definition.name,
    config,
    logger,
    bus,
    blobs,
    openDatabase: (migrations) =>
      openServiceDatabase({
        service: definition.name,
        schema: `${config.DATABASE_SCHEMA_PREFIX}${definition.name}`,
        ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }),
        migrations,
        logger,
      }),
  });
  logger.info(
    { mode: config.NATS_URL ? 'distributed' : 'embedded', healthPort: config.HEALTH_PORT },
    'service started',
  );
}

import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import {
  ConfigError,
  createBlobStore,
  busOptionsFrom,
  createBus,
  createLogger,
  BaseConfigSchema,
  openServiceDatabase,
  parseConfig,
  startHealthServer,
  Liveness,
  type BaseConfig,
  type BlobStore,
  type Bus,
  type Logger,
  type RunningService,
} from '@bookwright/kit';
import { GatewayConfigSchema, startGateway } from '@bookwright/gateway';
import { localSecretKeys } from '@bookwright/webhooks';
import type { RunningCollab } from '@bookwright/collab';
import { backendServices } from './services';

export interface StartSystemOptions {
  /** Environment to read instead of process.env (tests pass their own). */
  env?: NodeJS.ProcessEnv;
  /** Overrides PORT; 0 picks a free port. */
  port?: number;
  /** Overrides DATA_DIR. */
  dataDir?: string;
  /** Overrides the log destination (tests keep logs quiet). */
  logDestination?: NodeJS.WritableStream;
  /** The services' clock for work that counts days (the trash's 30); tests move it forward instead of waiting. */
  now?: () => Date;
}

export interface RunningSystem {
  url: string;
  /** Graceful stop: the gateway drains, then services finish in-flight work, then the bus and stores close. */
  stop(): Promise<void>;
}

/**
 * The whole product in one process: every service and the gateway, sharing one bus adapter and one
 * blob store. With no variables set that is the in-process bus, PGlite under DATA_DIR and files under
 * DATA_DIR/blobs; with NATS_URL / DATABASE_URL set the same process uses the real servers.
 */
/** Every service's configuration, parsed before anything starts, so one run reports every bad variable at once. */
function readConfigurations(env: NodeJS.ProcessEnv) {
  const problems: string[] = [];
  const parse = <T>(name: string, schema: Parameters<typeof parseConfig<T>>[0]): T | undefined => {
    try {
      return parseConfig(schema, env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems.map((p) => `${name}: ${p}`));
      return undefined;
    }
  };
  const gatewayConfig = parse('gateway', GatewayConfigSchema);
  const serviceConfigs = backendServices.map((service) => parse<BaseConfig>(service.name, service.configSchema));
  if (problems.length > 0 || !gatewayConfig) throw new ConfigError([...new Set(problems)]);
  return { gatewayConfig, serviceConfigs };
}

/** One back-end service on the process's bus and blobs, with its own database schema. */
function startBackend(
  service: (typeof backendServices)[number],
  config: BaseConfig,
  parts: { bus: Bus; blobs: BlobStore; logger: Logger; now: (() => Date) | undefined },
): Promise<RunningService> {
  const { bus, blobs, logger, now } = parts;
  return service.start({
    name: service.name,
    config,
    logger,
    bus,
    blobs,
    ...(now ? { now } : {}),
    openDatabase: (migrations) =>
      openServiceDatabase({
        service: service.name,
        schema: `${config.DATABASE_SCHEMA_PREFIX}${service.name}`,
        ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }),
        migrations,
        logger,
      }),
  });
}

export async function startSystem(options: StartSystemOptions = {}): Promise<RunningSystem> {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.dataDir !== undefined) env.DATA_DIR = options.dataDir;
  // PUBLIC_URL defaults to http://localhost:<PORT> in every service's configuration (mail links among
  // them), so "any free port" is chosen here, before the configurations are read.
  if (Number(env.PORT) === 0 && !env.PUBLIC_URL) env.PORT = String(await freePort());
  // The gateway signs collab tokens and the collab service checks them, here in one process: a key made for
  // this run serves both when none is configured (tokens live five minutes; a restart only asks for new ones).
  env.COLLAB_TOKEN_SECRET ||= randomBytes(32).toString('base64url');
  // The user service's key for stored API tokens (decision 0045), made for this run the same way.
  env.API_TOKEN_HASH_SECRET ||= randomBytes(32).toString('base64url');
  // The key that seals webhook secrets (decision 0052) is kept in DATA_DIR instead: the sealed secrets are
  // kept too, and must still open after a restart.
  env.WEBHOOK_SECRET_KEYS ||= await localSecretKeys(resolve(parseConfig(BaseConfigSchema, env).DATA_DIR));

  const { gatewayConfig, serviceConfigs } = readConfigurations(env);

  const dataDir = resolve(gatewayConfig.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const loggerFor = (service: string): Logger =>
    createLogger({
      service,
      level: gatewayConfig.LOG_LEVEL,
      ...(gatewayConfig.LOG_PRETTY === undefined ? {} : { pretty: gatewayConfig.LOG_PRETTY }),
      ...(options.logDestination ? { destination: options.logDestination } : {}),
    });
  const systemLogger = loggerFor('all-in-one');
  const bus = await createBus({ ...busOptionsFrom(gatewayConfig), logger: loggerFor('bus'), name: 'all-in-one' });
  const blobs = await createBlobStore({
    natsUrl: gatewayConfig.NATS_URL,
    namespace: gatewayConfig.BUS_NAMESPACE,
    dataDir,
    logger: loggerFor('blobs'),
  });

  const running: RunningService[] = [];
  // The operator's port (/livez, /healthz, /readyz, /metrics) only when asked for: the embedded default is one
  // public port and nothing else.
  const liveness = new Liveness({
    blockedAfterMs: gatewayConfig.LIVENESS_BLOCKED_AFTER_MS,
    stalledAfterMs: gatewayConfig.LIVENESS_STALLED_AFTER_MS,
    ...(bus.backlog ? { backlog: () => bus.backlog!() } : {}),
  });
  const stopHeartbeat = env.HEALTH_PORT ? liveness.start() : () => undefined;
  const health = env.HEALTH_PORT
    ? startHealthServer(
        Number(env.HEALTH_PORT),
        systemLogger,
        async () => {
          const states = await Promise.all(running.map((service) => service.ready()));
          return states.length > backendServices.length && states.every(Boolean);
        },
        () => liveness.check(),
      )
    : undefined;
  const stopAll = async () => {
    stopHeartbeat();
    for (const service of running.reverse()) await service.stop();
    await bus.close();
    await blobs.close();
    if (health) await new Promise<void>((resolve) => health.close(() => resolve()));
  };
  try {
    for (const [index, service] of backendServices.entries()) {
      const config = { ...serviceConfigs[index]!, DATA_DIR: dataDir };
      running.push(
        await startBackend(service, config, { bus, blobs, logger: loggerFor(service.name), now: options.now }),
      );
    }
    const collab = running[backendServices.findIndex((service) => service.name === 'collab')] as RunningCollab;
    const gateway = await startGateway({
      config: { ...gatewayConfig, DATA_DIR: dataDir },
      logger: loggerFor('gateway'),
      bus,
      blobs,
      // The live books' WebSocket (/collab) on the gateway's own port.
      collabUpgrade: collab.handleUpgrade,
    });
    running.push(gateway);
    systemLogger.info(
      {
        url: gateway.url,
        mode: gatewayConfig.NATS_URL ? 'distributed' : 'embedded',
        dataDir,
        database: gatewayConfig.DATABASE_URL ? 'postgresql' : 'pglite',
      },
      'Bookwright is running',
    );
    return { url: gateway.url, stop: stopAll };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

/** A port nothing listens on right now, as the system picks it for port 0. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

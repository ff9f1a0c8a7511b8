import type { FastifyInstance } from 'fastify';
import {
  createMemoryWindowCounters,
  type BlobStore,
  type Bus,
  type Logger,
  type WindowCounters,
} from '@bookwright/kit';
import { registerApiRoutes } from './app/api-routes';
import { createFastify } from './app/create-fastify';
import { startReadModels } from './app/read-models';
import { registerEdge } from './app/register-edge';
import { registerCollabUpgrades, type UpgradeHandler } from './collab/collab-upgrades';
import { collabReplicaUrls, type GatewayConfig } from './config';
import { drainOnClose } from './http/drain-on-close';
import { apiReferenceRoutes } from './routes/api-reference';
import { paymentWebhookPath } from './routes/payment';
import { askOver, type RouteDeps } from './routes/route-deps';
import { registerApiTokenAuth } from './security/api-token-auth';
import { registerWorkspaceTokenFence } from './security/workspace-token-fence';
import { authThrottle } from './security/auth-throttle';
import { cookiesAreSecure } from './security/cookies';
import { registerSpa } from './web/spa';
import { createTakeoutGate } from './takeout/takeout-gate';
import { startTransitSweep } from './transit/transit-sweep';

export const apiPrefix = '/api/v1';
/** Every path under it is the API's: an unknown one answers a JSON 404, never the web app. */
const apiRoot = '/api';

/**
 * Builds the HTTP edge: security plugins first, then validation and docs, then the API routes, then the
 * web app. It owns no business data: every route validates, authorises and asks a service over the bus.
 */
export async function buildGateway(options: {
  config: GatewayConfig;
  logger: Logger;
  bus: Bus;
  blobs: BlobStore;
  /** Where rate limits count; default this process's memory (one gateway). Replicas pass a shared store. */
  counters?: WindowCounters;
  /** Embedded: the collab service of this process, which takes the `/collab` WebSocket upgrades. */
  collabUpgrade?: UpgradeHandler;
}): Promise<FastifyInstance> {
  const { config, bus, blobs } = options;
  const counters = options.counters ?? createMemoryWindowCounters();
  const secureCookies = cookiesAreSecure(config.PUBLIC_URL);
  const app = createFastify(config, options.logger);
  await registerEdge(app, {
    config,
    secureCookies,
    counters,
    apiPrefix,
    csrfExemptPaths: [`${apiPrefix}${paymentWebhookPath}`],
  });

  const resolvedTokens = await registerApiTokenAuth(app, { bus, counters, config, apiPrefix });
  registerWorkspaceTokenFence(app, { bus, config, apiPrefix });

  const { hub, ...readModels } = await startReadModels(app, { bus, config, logger: options.logger, secureCookies });
  const deps: RouteDeps = {
    bus,
    ask: askOver(bus, config.BUS_TIMEOUT_MS),
    blobs,
    resolvedTokens,
    config,
    ...readModels,
    takeouts: createTakeoutGate({
      counters,
      limit: config.TAKEOUT_RATE_LIMIT_PER_USER,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      onEndFailed: (error) =>
        options.logger.warn({ err: error }, "a takeout's place was not handed back; it lapses with its lease"),
    }),
    authThrottle: authThrottle({
      perIp: config.AUTH_RATE_LIMIT_PER_IP,
      failedLoginsPerAccountAndIp: config.AUTH_RATE_LIMIT_FAILED_LOGINS,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      counters,
    }),
  };
  await registerApiRoutes(app, { deps, hub, prefix: apiPrefix });
  await app.register(apiReferenceRoutes({ apiPrefix }));

  startTransitSweep(app, { blobs, logger: options.logger });
  await registerSpa(app, { distDir: config.WEB_DIST_DIR, apiPrefix: apiRoot });
  registerCollabUpgrades(app, {
    ...(options.collabUpgrade ? { handler: options.collabUpgrade } : {}),
    replicaUrls: collabReplicaUrls(config),
    logger: options.logger,
  });
  // Last, so the event streams (hub.stop, app/read-models.ts) have ended before the drain waits for connections.
  drainOnClose(app, { drainMs: config.SHUTDOWN_DRAIN_MS });
  return app;
}

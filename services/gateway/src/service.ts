import type { FastifyInstance } from 'fastify';
import type { BlobStore, Bus, Logger, RunningService } from '@bookwright/kit';
import { createWindowCounters, defineService } from '@bookwright/kit';
import { GatewayConfigSchema, listenHost, type GatewayConfig } from './config';
import { buildGateway } from './app';
import type { UpgradeHandler } from './collab/collab-upgrades';

export interface RunningGateway extends RunningService {
  app: FastifyInstance;
  /** http://host:port the server listens on (the real port when PORT=0). */
  url: string;
}

export async function startGateway(options: {
  config: GatewayConfig;
  logger: Logger;
  bus: Bus;
  blobs: BlobStore;
  /** Embedded: the collab service of this process, which takes the `/collab` WebSocket upgrades. */
  collabUpgrade?: UpgradeHandler;
}): Promise<RunningGateway> {
  // Shared by every replica when NATS is configured, so N replicas together allow each limit once.
  const counters = await createWindowCounters({
    natsUrl: options.config.NATS_URL,
    namespace: options.config.BUS_NAMESPACE,
    maxWindowMs: options.config.RATE_LIMIT_WINDOW_MS,
    logger: options.logger,
  });
  let app: FastifyInstance;
  try {
    app = await buildGateway({ ...options, counters });
    await app.listen({ port: options.config.PORT, host: listenHost(options.config) });
  } catch (error) {
    await counters.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.config.PORT;
  const url = `http://localhost:${port}`;
  let closing = false;
  return {
    app,
    url,
    async ready() {
      return !closing;
    },
    async stop() {
      closing = true;
      // close() stops accepting connections and waits for in-flight requests to finish.
      await app.close();
      await counters.close();
    },
  };
}

/** The HTTP edge as a service of its own (distributed mode): `npm run start -w @bookwright/gateway`. */
export const gatewayService = defineService({
  name: 'gateway',
  configSchema: GatewayConfigSchema,
  start: ({ config, logger, bus, blobs }) => startGateway({ config, logger, bus, blobs }),
});

import type { Logger } from '../logger/logger';
import type { Bus } from './bus';
import { createInProcessBus } from './in-process-bus';
import { connectNatsBus } from './nats-bus';
import { observeBus } from './observe-bus';

/** NATS when a URL is configured (distributed mode), otherwise the in-process bus (embedded mode). */
export async function createBus(options: {
  natsUrl?: string;
  namespace: string;
  logger: Logger;
  name: string;
}): Promise<Bus> {
  const bus = options.natsUrl
    ? await connectNatsBus({
        servers: options.natsUrl,
        namespace: options.namespace,
        logger: options.logger,
        name: options.name,
      })
    : createInProcessBus({ logger: options.logger, namespace: options.namespace });
  return observeBus(bus);
}

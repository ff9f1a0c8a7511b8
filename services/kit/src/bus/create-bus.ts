import type { BaseConfig } from '../config/config';
import type { Logger } from '../logger/logger';
import type { Bus } from './bus';
import { createInProcessBus } from './in-process/in-process-bus';
import { observeBus } from './observe-bus';

/**
 * NATS when a URL is configured (distributed mode), otherwise the in-process bus (embedded mode). The NATS
 * adapter, and the client packages it brings, is loaded only when it is chosen.
 */
export async function createBus(options: {
  natsUrl?: string;
  namespace: string;
  logger: Logger;
  name: string;
  /** Every consumer's default redelivery back-off (`BUS_REDELIVERY_BACKOFF_MS`); default 1 s … 60 s. */
  redeliveryBackoffMs?: readonly number[];
}): Promise<Bus> {
  const { redeliveryBackoffMs } = options;
  if (!options.natsUrl)
    return observeBus(
      createInProcessBus({ logger: options.logger, namespace: options.namespace, redeliveryBackoffMs }),
    );
  const { connectNatsBus } = await import('./nats/nats-bus');
  return observeBus(
    await connectNatsBus({
      servers: options.natsUrl,
      namespace: options.namespace,
      logger: options.logger,
      name: options.name,
      redeliveryBackoffMs,
    }),
  );
}

/** What a process's configuration says about its bus. */
export const busOptionsFrom = (
  config: Pick<BaseConfig, 'NATS_URL' | 'BUS_NAMESPACE' | 'BUS_REDELIVERY_BACKOFF_MS'>,
) => ({
  natsUrl: config.NATS_URL,
  namespace: config.BUS_NAMESPACE,
  redeliveryBackoffMs: config.BUS_REDELIVERY_BACKOFF_MS,
});

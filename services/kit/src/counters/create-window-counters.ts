import type { Logger } from '../logger/logger';
import { createMemoryWindowCounters } from './memory-window-counters';
import { connectNatsWindowCounters } from './nats-window-counters';
import type { WindowCounters } from './window-counters';

/**
 * The counters for the configured mode: the NATS KV bucket `${namespace}_counters` when a NATS URL is set
 * (distributed: shared by every replica), this process's memory otherwise (embedded).
 */
export async function createWindowCounters(options: {
  natsUrl?: string;
  namespace: string;
  maxWindowMs: number;
  logger: Logger;
}): Promise<WindowCounters> {
  if (options.natsUrl)
    return connectNatsWindowCounters({
      servers: options.natsUrl,
      bucket: `${options.namespace}_counters`,
      maxWindowMs: options.maxWindowMs,
      logger: options.logger,
    });
  return createMemoryWindowCounters();
}

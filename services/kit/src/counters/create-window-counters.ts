import type { Logger } from '../logger/logger';
import { createMemoryWindowCounters } from './memory-window-counters';
import type { WindowCounters } from './window-counters';

/**
 * The counters for the configured mode: the NATS KV bucket `${namespace}_counters` when a NATS URL is set
 * (distributed: shared by every replica), this process's memory otherwise (embedded). The NATS adapter is
 * loaded only when it is chosen.
 */
export async function createWindowCounters(options: {
  natsUrl?: string;
  namespace: string;
  maxWindowMs: number;
  logger: Logger;
}): Promise<WindowCounters> {
  if (options.natsUrl) {
    const { connectNatsWindowCounters } = await import('./nats-window-counters');
    return connectNatsWindowCounters({
      servers: options.natsUrl,
      bucket: `${options.namespace}_counters`,
      maxWindowMs: options.maxWindowMs,
      logger: options.logger,
    });
  }
  return createMemoryWindowCounters();
}

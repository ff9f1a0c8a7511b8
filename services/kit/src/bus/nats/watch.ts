import type { NatsConnection } from '@nats-io/nats-core';
import type { ConsumerMessages } from '@nats-io/jetstream';
import type { Logger } from '../../logger/logger';

/** Logs the connection's disconnects, reconnects, errors and slow consumers, for as long as it lives. */
export async function watchConnection(nc: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of nc.status()) {
    switch (status.type) {
      case 'disconnect':
        logger.warn({ server: status.server }, 'nats disconnected');
        break;
      case 'reconnect':
        logger.info({ server: status.server }, 'nats reconnected');
        break;
      case 'error':
        logger.error({ err: status.error }, 'nats error');
        break;
      case 'slowConsumer':
        logger.warn({ subject: status.sub.getSubject(), pending: status.pending }, 'nats slow consumer');
        break;
      default:
        break;
    }
  }
}

/** Logs the statuses of a consumer that call for attention (missed heartbeats, a consumer gone). */
export async function watchConsumer(messages: ConsumerMessages, logger: Logger): Promise<void> {
  for await (const status of messages.status()) {
    switch (status.type) {
      case 'heartbeats_missed':
      case 'consumer_not_found':
      case 'stream_not_found':
      case 'consumer_deleted':
      case 'exceeded_limits':
        logger.warn({ status }, 'event consumer status');
        break;
      default:
        break;
    }
  }
}

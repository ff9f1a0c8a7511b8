import type { JsMsg } from '@nats-io/jetstream';
import type { Logger } from '../../logger/logger';
import type { EventHandler } from '../bus';
import { decodeEvent, eventMeta, type ResolvedConsumeOptions } from '../wire';

/**
 * One delivery of a JetStream message to its handler: acked when it succeeds, redelivered after the retry
 * delay when it fails, terminated on its last delivery or when it cannot be decoded.
 */
export async function handleEvent(
  msg: JsMsg,
  handler: EventHandler,
  config: ResolvedConsumeOptions,
  consumerLogger: Logger,
): Promise<void> {
  const deliveryCount = msg.info.deliveryCount;
  const decoded = decodeEvent(handler.def, msg.string());
  const eventLogger = consumerLogger.child({ eventId: decoded.envelope?.id, deliveryCount });
  try {
    if (!decoded.ok) {
      eventLogger.error({ err: decoded.error, reason: decoded.reason, seq: msg.seq }, 'poison event terminated');
      // No reason argument: NATS 2.9 ignores `term(reason)` and would redeliver.
      msg.term();
      return;
    }
    try {
      await handler.handle(
        decoded.data,
        eventMeta(decoded.envelope, deliveryCount, eventLogger, () => msg.working()),
      );
    } catch (error) {
      if (deliveryCount >= config.maxDeliver) {
        eventLogger.error(
          { err: error, maxDeliver: config.maxDeliver },
          'event handler failed on its last delivery: terminated',
        );
        msg.term();
      } else {
        eventLogger.warn({ err: error, retryInMs: config.retryDelayMs }, 'event handler failed: will redeliver');
        msg.nak(config.retryDelayMs);
      }
      return;
    }
    msg.ack();
  } catch (error) {
    // The ack itself failed (connection gone): the server redelivers after the ack wait.
    eventLogger.warn({ err: error }, 'could not acknowledge an event');
  }
}

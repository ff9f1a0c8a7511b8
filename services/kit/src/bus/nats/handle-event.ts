import type { JsMsg } from '@nats-io/jetstream';
import type { Logger } from '../../logger/logger';
import type { DeadLetter, EventHandler } from '../bus';
import { announceDeadLetter, describeError, invalidEventError } from '../dead-letters';
import { afterFailure, retryDelayMs, type ResolvedConsumeOptions } from '../redelivery';
import { decodeEvent, type DecodedEvent, eventMeta } from '../wire';
import type { NatsDeadLetters } from './dead-letters';

/** One consumer's part in handling its deliveries. */
export interface EventConsumer {
  durable: string;
  handler: EventHandler;
  config: ResolvedConsumeOptions;
  deadLetters: NatsDeadLetters;
  logger: Logger;
}

/**
 * One delivery of a JetStream message to its handler: acked when it succeeds, redelivered after its
 * back-off step when it fails, dead-lettered when it breaks the contract or has failed for the last time
 * (`afterFailure`). Never terminated without a dead letter stored first.
 */
export async function handleEvent(msg: JsMsg, consumer: EventConsumer): Promise<void> {
  const deliveryCount = msg.info.deliveryCount;
  const decoded = decodeEvent(consumer.handler.def, msg.string());
  const eventLogger = consumer.logger.child({ eventId: decoded.envelope?.id, deliveryCount });
  try {
    if (!decoded.ok) {
      await deadLetter(msg, consumer, decoded, { reason: 'invalid', error: invalidEventError(decoded) }, eventLogger);
      return;
    }
    try {
      const meta = eventMeta(decoded.envelope, deliveryCount, eventLogger, () => msg.working());
      await consumer.handler.handle(decoded.data, meta);
    } catch (error) {
      await onFailure(msg, consumer, decoded, error, eventLogger);
      return;
    }
    msg.ack();
  } catch (error) {
    // The ack itself failed (connection gone): the server redelivers after the ack wait.
    eventLogger.warn({ err: error }, 'could not acknowledge an event');
  }
}

async function onFailure(
  msg: JsMsg,
  consumer: EventConsumer,
  decoded: DecodedEvent,
  error: unknown,
  eventLogger: Logger,
): Promise<void> {
  const outcome = afterFailure(consumer.config, msg.info.deliveryCount, error);
  if (outcome === 'dead-letter') {
    await deadLetter(msg, consumer, decoded, { reason: 'handler-failed', error: describeError(error) }, eventLogger);
    return;
  }
  eventLogger.warn({ err: error, retryInMs: outcome.retryInMs }, 'event handler failed: will redeliver');
  msg.nak(outcome.retryInMs);
}

/** Stores the dead letter, then terminates the message; if the store fails, the message comes again. */
async function deadLetter(
  msg: JsMsg,
  consumer: EventConsumer,
  decoded: DecodedEvent,
  outcome: Pick<DeadLetter, 'reason' | 'error'>,
  eventLogger: Logger,
): Promise<void> {
  const { def } = consumer.handler;
  const letter = {
    ...outcome,
    consumer: consumer.durable,
    subject: def.subject,
    event: `${def.name} v${def.version}`,
    eventId: decoded.envelope?.id,
    payload: msg.string(),
    headers: headersOf(msg),
    tries: msg.info.deliveryCount,
    streamSeq: msg.seq,
    deadAt: new Date().toISOString(),
  };
  try {
    await consumer.deadLetters.store(letter);
  } catch (error) {
    const retryInMs = retryDelayMs(consumer.config, msg.info.deliveryCount);
    eventLogger.warn({ err: error, retryInMs }, 'could not store a dead letter: will redeliver');
    msg.nak(retryInMs);
    return;
  }
  announceDeadLetter(eventLogger, letter);
  // No reason argument: NATS 2.9 ignores `term(reason)` and would redeliver.
  msg.term();
}

function headersOf(msg: JsMsg): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const key of msg.headers?.keys() ?? []) headers[key] = msg.headers?.get(key) ?? '';
  return headers;
}

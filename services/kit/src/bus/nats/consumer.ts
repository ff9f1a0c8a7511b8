import { setTimeout as sleep } from 'node:timers/promises';
import { nanos } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import type { ConsumerBacklog, EventHandler, Subscription } from '../bus';
import { ackWaitsMs, type ResolvedConsumeOptions } from '../redelivery';
import { InFlight, MAX_ACK_PENDING } from '../wire';
import type { NatsBusContext } from './context';
import { handleEvent } from './handle-event';
import { ensureConsumer } from './jetstream-setup';
import { consumerName } from './names';
import { watchConsumer } from './watch';

/** How long `backlog()` waits for the server's answer about one consumer before leaving it out. */
const backlogQueryTimeoutMs = 500;

/** A running JetStream consumer of this process, and when it last started a delivery. */
export interface ConsumerActivity {
  name: string;
  lastStartedAt: number | undefined;
}

/**
 * Runs `handler` as the durable JetStream consumer of its event, created (or updated) on the way. The
 * consumer is in `active` while it runs, for `backlog()`.
 */
export async function startConsumer(
  context: NatsBusContext,
  active: Set<ConsumerActivity>,
  durable: string,
  handler: EventHandler,
  config: ResolvedConsumeOptions,
): Promise<Subscription> {
  const { js, streamName, logger, deadLetters } = context;
  const name = consumerName(durable, handler.def);
  await ensureEventConsumer(context, name, handler, config);
  const consumer = await js.consumers.get(streamName, name);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: MAX_ACK_PENDING });
  const inFlight = new InFlight();
  const consumerLogger = logger.child({ durable, event: handler.def.name });
  let stopping = false;
  const activity: ConsumerActivity = { name, lastStartedAt: undefined };
  active.add(activity);

  void watchConsumer(messages, consumerLogger);
  const loop = (async () => {
    for await (const msg of messages) {
      if (stopping) {
        // Already pulled but not started: hand it back now rather than after the ack wait.
        msg.nak();
        continue;
      }
      // Started at once: the server's max_ack_pending bounds how many run, so none waits un-acked here.
      activity.lastStartedAt = Date.now();
      void inFlight.track(handleEvent(msg, { durable, handler, config, deadLetters, logger: consumerLogger }));
    }
  })().catch((error: unknown) => consumerLogger.error({ err: error }, 'consumer stopped unexpectedly'));

  return {
    async stop() {
      if (!stopping) {
        stopping = true;
        active.delete(activity);
        await messages.close().catch((error: unknown) => consumerLogger.debug({ err: error }, 'consumer close failed'));
      }
      await loop;
      await inFlight.settled();
    },
  };
}

/** Whether this process has said once that its NATS server is too old for an unlimited back-off. */
let toldBackoffUnsupported = false;

/**
 * The durable JetStream consumer of one event, with no delivery limit: a message leaves only acked or
 * dead-lettered (decision 0049). The back-off list applies to ack timeouts (a killed or hung consumer);
 * failed handlers nak with their own delay. NATS before 2.10.13 refuses `backoff` beside `max_deliver
 * -1` (nats-server#5242); there the consumer keeps the plain ack wait for every delivery.
 */
async function ensureEventConsumer(
  context: NatsBusContext,
  name: string,
  handler: EventHandler,
  config: ResolvedConsumeOptions,
): Promise<void> {
  const { jsm, streamName, subject, logger } = context;
  const settings = {
    durable_name: name,
    filter_subject: subject(handler.def.subject),
    ack_policy: AckPolicy.Explicit,
    // Created at first consume, a durable still sees events published before it existed.
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(config.ackWaitMs),
    max_deliver: -1,
    max_ack_pending: MAX_ACK_PENDING,
  };
  try {
    await ensureConsumer(jsm, streamName, { ...settings, backoff: ackWaitsMs(config).map((ms) => nanos(ms)) });
  } catch (error) {
    if (!(error instanceof Error && /max deliver is required to be > length of backoff/i.test(error.message)))
      throw error;
    if (!toldBackoffUnsupported)
      logger.warn('this NATS server refuses an ack-timeout back-off without a delivery limit');
    toldBackoffUnsupported = true;
    await ensureConsumer(jsm, streamName, settings);
  }
}

/**
 * What waits for one consumer, asked of the server: only it knows (this process starts every message it
 * pulls). Briefly: while NATS is away the answer is "unknown" (nothing), never a slow /livez that gets
 * every process restarted for an outage no restart mends.
 */
export async function consumerBacklog(
  context: Pick<NatsBusContext, 'jsm' | 'streamName'>,
  { name, lastStartedAt }: ConsumerActivity,
): Promise<ConsumerBacklog[]> {
  const gaveUp = new AbortController();
  const info = await Promise.race([
    context.jsm.consumers.info(context.streamName, name).catch(() => undefined),
    sleep(backlogQueryTimeoutMs, undefined, { signal: gaveUp.signal, ref: false }).catch(() => undefined),
  ]).finally(() => gaveUp.abort());
  if (!info) return [];
  const room = Math.max(0, MAX_ACK_PENDING - info.num_ack_pending);
  return [{ consumer: name, waiting: Math.min(info.num_pending, room), lastStartedAt }];
}

/** Starts one consumer per handler; if any fails to start, the others are stopped and the error thrown. */
export async function startConsumers(
  context: NatsBusContext,
  active: Set<ConsumerActivity>,
  durable: string,
  handlers: EventHandler[],
  config: ResolvedConsumeOptions,
): Promise<Subscription> {
  const started = await Promise.allSettled(
    handlers.map((handler) => startConsumer(context, active, durable, handler, config)),
  );
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((consumer) => consumer.stop()));
    throw failed.reason;
  }
  return {
    async stop() {
      await Promise.all(running.map((consumer) => consumer.stop()));
    },
  };
}

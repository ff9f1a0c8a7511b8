import { connect, nanos } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { Logger } from '../../logger/logger';
import type { Bus, RequestContext, Subscription } from '../bus';
import { resolveConsumeOptions } from '../redelivery';
import { assertConsumeArguments, DEDUP_WINDOW_MS, encodeEvent, EVENT_RETENTION_MS } from '../wire';
import { type ConsumerActivity, consumerBacklog, startConsumers } from './consumer';
import type { NatsBusContext } from './context';
import { NatsDeadLetters } from './dead-letters';
import { ensureStream } from './jetstream-setup';
import { LargeBodies } from './large-bodies';
import { eventStreamName, namespacePattern } from './names';
import { natsRequest, natsServe } from './requests';
import { natsTail } from './tail';
import { natsServeStream, natsStream } from './streams';
import type { StreamHandler } from '../bus';
import { DEFAULT_STREAM_PACING, type StreamPacing } from '../streams';
import { trackedSubscription } from '../tracked-subscription';
import { watchConnection } from './watch';

export { consumerName, eventStreamName } from './names';

/**
 * The bus over NATS: core request/reply with queue groups for requests, JetStream for events. Every
 * subject and the stream name carry the namespace, so deployments and test runs can share a server.
 */
export async function connectNatsBus(options: {
  servers: string;
  namespace: string;
  logger: Logger;
  name: string;
  /** Every consumer's default redelivery back-off (`BUS_REDELIVERY_BACKOFF_MS`). */
  redeliveryBackoffMs?: readonly number[];
  /** How streams beat and when they give up on a silent side; tests shorten it. */
  streamPacing?: StreamPacing;
}): Promise<Bus> {
  const { namespace } = options;
  if (!namespacePattern.test(namespace))
    throw new Error(`invalid bus namespace "${namespace}": letters, digits, _ and - only`);
  const logger = options.logger.child({ bus: 'nats', namespace });
  const nc = await connect({
    servers: options.servers.split(',').map((server) => server.trim()),
    name: options.name,
    // A service outlives NATS restarts: keep reconnecting rather than dying with a closed connection.
    maxReconnectAttempts: -1,
    // No stack captured for every request and JetStream publish in case it fails (two Error objects each:
    // 1.3% of the book service's CPU on autosaves); a failure is logged with its subject instead.
    noAsyncTraces: true,
  });
  void watchConnection(nc, logger);
  const streamName = eventStreamName(namespace);
  const jsm = await openStream(nc, namespace, streamName);
  logger.debug({ server: nc.getServer(), stream: streamName }, 'bus connected');
  const js = jetstream(nc);
  const subject = (bare: string) => `${namespace}.${bare}`;
  const context: NatsBusContext = {
    nc,
    js,
    jsm,
    logger,
    bodies: new LargeBodies(nc, namespace, logger),
    streamName,
    namespace,
    deadLetters: new NatsDeadLetters({ js, jsm, subject, namespace }),
    subject,
  };
  return natsBus(context, {
    redeliveryBackoffMs: options.redeliveryBackoffMs,
    streamPacing: options.streamPacing ?? DEFAULT_STREAM_PACING,
  });
}

/** The namespace's event stream, created or brought up to date; the connection is closed if that fails. */
async function openStream(nc: NatsConnection, namespace: string, streamName: string): Promise<JetStreamManager> {
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, {
      name: streamName,
      subjects: [`${namespace}.evt.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(DEDUP_WINDOW_MS),
      max_age: nanos(EVENT_RETENTION_MS),
    });
    return jsm;
  } catch (error) {
    await nc.close().catch(() => undefined);
    throw error;
  }
}

/** The port over a connected context; closing stops every subscription, then drains the connection. */
function natsBus(
  context: NatsBusContext,
  pacing: { redeliveryBackoffMs: readonly number[] | undefined; streamPacing: StreamPacing },
): Bus {
  const { redeliveryBackoffMs, streamPacing } = pacing;
  const { nc, js, logger, subject } = context;
  const subscriptions = new Set<Subscription>();
  /** This process's running consumers, for `backlog()`. */
  const activeConsumers = new Set<ConsumerActivity>();
  let closing = false;
  let closePromise: Promise<void> | undefined;
  const track = (inner: Subscription): Subscription =>
    trackedSubscription(
      subscriptions,
      () => undefined,
      () => inner.stop(),
    );
  const refuseWhenClosing = () => {
    if (closing) throw new Error('bus is closed');
  };

  return {
    request: ((def, payload, requestOptions) => natsRequest(context, def, payload, requestOptions)) as Bus['request'],

    async backlog() {
      const known = await Promise.all([...activeConsumers].map((activity) => consumerBacklog(context, activity)));
      return known.flat();
    },

    async serve(def, handler, serveOptions) {
      refuseWhenClosing();
      const serving = natsServe(
        context,
        def,
        handler as (payload: unknown, context: RequestContext) => Promise<unknown>,
        serveOptions?.queue,
      );
      return track(await serving);
    },

    stream: ((def, payload, streamOptions) =>
      natsStream(context, streamPacing, def, payload, streamOptions)) as Bus['stream'],

    async serveStream(def, handler, serveOptions) {
      refuseWhenClosing();
      const serving = natsServeStream(context, streamPacing, def, handler as StreamHandler, serveOptions?.queue);
      return track(await serving);
    },

    async publish(def, data, publishOptions) {
      const { id, body } = encodeEvent(def, data, publishOptions);
      await js.publish(subject(def.subject), body, { msgID: id });
    },

    deadLetters: (durable) => context.deadLetters.list(durable),
    replayDeadLetters: (durable) => context.deadLetters.replay(durable),

    async tail(handlers) {
      refuseWhenClosing();
      return track(await natsTail(context, handlers));
    },

    async consume(durable, handlers, consumeOptions) {
      refuseWhenClosing();
      assertConsumeArguments(durable, handlers);
      const config = resolveConsumeOptions(consumeOptions, redeliveryBackoffMs);
      return track(await startConsumers(context, activeConsumers, durable, handlers, config));
    },

    close() {
      closePromise ??= (async () => {
        closing = true;
        await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
        // Drain flushes the last acks, replies and publishes before the connection closes.
        if (!nc.isClosed()) {
          await nc.drain().catch(async (error: unknown) => {
            logger.debug({ err: error }, 'drain failed: closing');
            await nc.close();
          });
        }
        logger.debug('bus closed');
      })();
      return closePromise;
    },
  };
}

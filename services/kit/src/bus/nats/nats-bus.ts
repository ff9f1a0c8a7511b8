import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, headers, nanos } from '@nats-io/transport-node';
import type { Msg, MsgHdrs, NatsConnection, Subscription as NatsSubscription } from '@nats-io/nats-core';
import { Objm, StorageType as ObjectStorageType, type ObjectStore } from '@nats-io/obj';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { AnyEventDef, AnyRequestDef } from '@bookwright/contracts';
import type { Logger } from '../../logger/logger';
import type { Bus, EventHandler, RequestContext, Subscription } from '../bus';
import {
  answerRequest,
  assertConsumeArguments,
  decodeEvent,
  decodeReply,
  DEDUP_WINDOW_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  encodeEvent,
  encodeRequest,
  eventMeta,
  EVENT_RETENTION_MS,
  InFlight,
  MAX_ACK_PENDING,
  resolveConsumeOptions,
  unavailable,
  type ResolvedConsumeOptions,
} from '../wire';

/** Carries `RequestOptions.requestId` to the responder, so both sides log the same id. */
const REQUEST_ID_HEADER = 'Bw-Request-Id';
/** Names the object holding a request's or reply's body that was too large for one NATS message. */
const BODY_OBJECT_HEADER = 'Bw-Body-Object';
/** Room left in a message for the subject and headers beside the body. */
const MESSAGE_OVERHEAD_BYTES = 16 * 1024;
/** A large body not collected by then (its requester or responder died) is dropped by the server. */
const LARGE_BODY_TTL_MS = 60 * 60 * 1000;

const namespacePattern = /^[A-Za-z0-9_-]+$/;

/** The JetStream stream that holds every event of one namespace. */
export const eventStreamName = (namespace: string): string => `${namespace.toUpperCase()}_EVENTS`;

/**
 * One JetStream consumer per (durable, event): NATS 2.9 allows a single `filter_subject` per consumer,
 * and this keeps each event's redelivery and ack state apart.
 */
export const consumerName = (durable: string, def: AnyEventDef): string =>
  `${durable}__${def.name.replace(/[^A-Za-z0-9_-]/g, '_')}_v${def.version}`;

/**
 * The bus over NATS: core request/reply with queue groups for requests, JetStream for events. Every
 * subject and the stream name carry the namespace, so deployments and test runs can share a server.
 */
export async function connectNatsBus(options: {
  servers: string;
  namespace: string;
  logger: Logger;
  name: string;
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
  });
  void watchConnection(nc, logger);

  const streamName = eventStreamName(namespace);
  let jsm: JetStreamManager;
  try {
    jsm = await jetstreamManager(nc);
    await ensureStream(jsm, {
      name: streamName,
      subjects: [`${namespace}.evt.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(DEDUP_WINDOW_MS),
      max_age: nanos(EVENT_RETENTION_MS),
    });
  } catch (error) {
    await nc.close().catch(() => undefined);
    throw error;
  }
  const js = jetstream(nc);
  logger.debug({ server: nc.getServer(), stream: streamName }, 'bus connected');

  const subject = (bare: string) => `${namespace}.${bare}`;
  const subscriptions = new Set<Subscription>();
  /** This process's running consumers, for `backlog()`. */
  const activeConsumers = new Set<ConsumerActivity>();
  let closing = false;
  let closePromise: Promise<void> | undefined;

  const track = (subscription: Subscription): Subscription => {
    subscriptions.add(subscription);
    return subscription;
  };

  // A request or reply larger than the server takes in one message (max_payload, 1 MB by default: a long
  // manuscript is more) travels through an object store bucket, and the message carries its name. The
  // receiver takes it and removes it; what nobody collects expires.
  let largeBodies: Promise<ObjectStore> | undefined;
  const largeBodyStore = () => {
    largeBodies ??= new Objm(nc).create(`${namespace}_bus_bodies`, {
      storage: ObjectStorageType.File,
      ttl: nanos(LARGE_BODY_TTL_MS),
    });
    largeBodies.catch(() => (largeBodies = undefined));
    return largeBodies;
  };
  const encoder = new TextEncoder();
  async function outgoing(body: string, hdrs: MsgHdrs): Promise<string> {
    const bytes = encoder.encode(body);
    if (bytes.byteLength <= nc.info!.max_payload - MESSAGE_OVERHEAD_BYTES) return body;
    const name = randomUUID();
    await (await largeBodyStore()).putBlob({ name }, bytes);
    hdrs.set(BODY_OBJECT_HEADER, name);
    return '';
  }
  async function incoming(msg: Msg): Promise<string> {
    const name = msg.headers?.get(BODY_OBJECT_HEADER);
    if (!name) return msg.string();
    const store = await largeBodyStore();
    const bytes = await store.getBlob(name);
    void store.delete(name).catch((error: unknown) => logger.debug({ err: error }, 'could not remove a large body'));
    if (!bytes) throw new Error(`large body ${name} is gone`);
    return new TextDecoder().decode(bytes);
  }

  async function request(
    def: AnyRequestDef,
    payload: unknown,
    requestOptions?: { timeoutMs?: number; requestId?: string },
  ) {
    const encoded = encodeRequest(def, payload);
    const hdrs = headers();
    if (requestOptions?.requestId) hdrs.set(REQUEST_ID_HEADER, requestOptions.requestId);
    let replyBody: string;
    try {
      const body = await outgoing(encoded, hdrs);
      const reply = await nc.request(subject(def.subject), body, {
        timeout: requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        headers: hdrs,
      });
      replyBody = await incoming(reply);
    } catch (error) {
      // No responders, a timeout or a closed connection: to the caller they all mean "try again later".
      logger.debug({ err: error, subject: def.subject }, 'request got no answer');
      throw unavailable(error);
    }
    return decodeReply(def, replyBody, logger);
  }

  async function serve(
    def: AnyRequestDef,
    handler: (payload: unknown, context: RequestContext) => Promise<unknown>,
    queue: string | undefined,
  ): Promise<Subscription> {
    const inFlight = new InFlight();
    const sub: NatsSubscription = nc.subscribe(subject(def.subject), {
      queue: queue ?? subject(def.subject),
      callback: (error, msg) => {
        if (error) {
          logger.error({ err: error, subject: def.subject }, 'responder subscription failed');
          return;
        }
        const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
        void inFlight.track(
          incoming(msg)
            .then((body) => answerRequest(def, handler, body, requestId, logger))
            .then(async (answer) => {
              const replyHeaders = headers();
              msg.respond(await outgoing(answer, replyHeaders), { headers: replyHeaders });
            })
            .catch((respondError: unknown) => {
              // The requester times out and reports the service as unavailable.
              logger.warn({ err: respondError, subject: def.subject }, 'could not send a reply');
            }),
        );
      },
    });
    // Once `serve` resolves the server knows the subscription, so a request from elsewhere finds it.
    await nc.flush();
    let stopped = false;
    const subscription: Subscription = {
      async stop() {
        if (!stopped) {
          stopped = true;
          subscriptions.delete(subscription);
          await sub.drain().catch((error: unknown) => logger.debug({ err: error }, 'responder drain failed'));
        }
        await inFlight.settled();
      },
    };
    return track(subscription);
  }

  async function startConsumer(
    durable: string,
    handler: EventHandler,
    config: ResolvedConsumeOptions,
  ): Promise<Subscription> {
    const name = consumerName(durable, handler.def);
    await ensureConsumer(jsm, streamName, {
      durable_name: name,
      filter_subject: subject(handler.def.subject),
      ack_policy: AckPolicy.Explicit,
      // Created at first consume, a durable still sees events published before it existed.
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(config.ackWaitMs),
      max_deliver: config.maxDeliver,
      max_ack_pending: MAX_ACK_PENDING,
    });
    const consumer = await js.consumers.get(streamName, name);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: MAX_ACK_PENDING });
    const inFlight = new InFlight();
    const consumerLogger = logger.child({ durable, event: handler.def.name });
    let stopping = false;
    const activity: ConsumerActivity = { name, lastStartedAt: undefined };
    activeConsumers.add(activity);

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
        void inFlight.track(handleEvent(msg, handler, config, consumerLogger));
      }
    })().catch((error: unknown) => consumerLogger.error({ err: error }, 'consumer stopped unexpectedly'));

    return {
      async stop() {
        if (!stopping) {
          stopping = true;
          activeConsumers.delete(activity);
          await messages
            .close()
            .catch((error: unknown) => consumerLogger.debug({ err: error }, 'consumer close failed'));
        }
        await loop;
        await inFlight.settled();
      },
    };
  }

  const bus: Bus = {
    request: request as Bus['request'],

    async backlog() {
      const known = await Promise.all(
        [...activeConsumers].map(async ({ name, lastStartedAt }) => {
          // Asked of the server: only it knows what is waiting (this process starts every message it pulls).
          // Briefly: while NATS is away the answer is "unknown", never a slow /livez that gets every process
          // restarted for an outage no restart mends.
          const gaveUp = new AbortController();
          const info = await Promise.race([
            jsm.consumers.info(streamName, name).catch(() => undefined),
            sleep(backlogQueryTimeoutMs, undefined, { signal: gaveUp.signal, ref: false }).catch(() => undefined),
          ]).finally(() => gaveUp.abort());
          if (!info) return [];
          const room = Math.max(0, MAX_ACK_PENDING - info.num_ack_pending);
          return [{ consumer: name, waiting: Math.min(info.num_pending, room), lastStartedAt }];
        }),
      );
      return known.flat();
    },

    async serve(def, handler, serveOptions) {
      if (closing) throw new Error('bus is closed');
      return serve(
        def,
        handler as (payload: unknown, context: RequestContext) => Promise<unknown>,
        serveOptions?.queue,
      );
    },

    async publish(def, data, publishOptions) {
      const { id, body } = encodeEvent(def, data, publishOptions);
      await js.publish(subject(def.subject), body, { msgID: id });
    },

    async tail(handlers) {
      if (closing) throw new Error('bus is closed');
      const inFlight = new InFlight();
      // JetStream publishes are plain messages on their subject, so a core subscription sees every one
      // of them live, on every instance, without a consumer to clean up when the instance goes away.
      const subs = handlers.map((handler) =>
        nc.subscribe(subject(handler.def.subject), {
          callback: (error, msg) => {
            if (error) return logger.warn({ err: error, subject: handler.def.subject }, 'tail subscription failed');
            const decoded = decodeEvent(handler.def, msg.string());
            if (!decoded.ok) return;
            const eventLogger = logger.child({ eventId: decoded.envelope.id, tail: true });
            void inFlight
              .track(handler.handle(decoded.data, eventMeta(decoded.envelope, 1, eventLogger)))
              .catch((handlerError: unknown) => eventLogger.warn({ err: handlerError }, 'tail handler failed'));
          },
        }),
      );
      await nc.flush();
      let stopped = false;
      const subscription: Subscription = {
        async stop() {
          if (!stopped) {
            stopped = true;
            for (const sub of subs) sub.unsubscribe();
            subscriptions.delete(subscription);
          }
          await inFlight.settled();
        },
      };
      return track(subscription);
    },

    async consume(durable, handlers, consumeOptions) {
      if (closing) throw new Error('bus is closed');
      assertConsumeArguments(durable, handlers);
      const config = resolveConsumeOptions(consumeOptions);
      const started = await Promise.allSettled(handlers.map((handler) => startConsumer(durable, handler, config)));
      const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) {
        await Promise.all(running.map((consumer) => consumer.stop()));
        throw failed.reason;
      }
      let stopped = false;
      const subscription: Subscription = {
        async stop() {
          if (!stopped) {
            stopped = true;
            subscriptions.delete(subscription);
          }
          await Promise.all(running.map((consumer) => consumer.stop()));
        },
      };
      return track(subscription);
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
  return bus;
}

/** How long `backlog()` waits for the server's answer about one consumer before leaving it out. */
const backlogQueryTimeoutMs = 500;

/** A running JetStream consumer of this process, and when it last started a delivery. */
interface ConsumerActivity {
  name: string;
  lastStartedAt: number | undefined;
}

async function handleEvent(
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

async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  try {
    const info = await jsm.streams.info(config.name);
    const current = info.config;
    const same =
      current.duplicate_window === config.duplicate_window &&
      current.max_age === config.max_age &&
      JSON.stringify(current.subjects) === JSON.stringify(config.subjects);
    if (!same) await jsm.streams.update(config.name, config);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.StreamNotFound) throw error;
    // Another service may create it at the same moment; an identical config makes that a no-op.
    await jsm.streams.add(config);
  }
}

async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  try {
    await jsm.consumers.add(stream, config);
  } catch (error) {
    // Exists with other settings (a replica or an older release created it): the latest settings win.
    if (!(error instanceof JetStreamApiError)) throw error;
    await jsm.consumers
      .update(stream, config.durable_name, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
        max_ack_pending: config.max_ack_pending,
      })
      .catch(() => {
        throw error;
      });
  }
}

async function watchConnection(nc: NatsConnection, logger: Logger): Promise<void> {
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

async function watchConsumer(messages: ConsumerMessages, logger: Logger): Promise<void> {
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

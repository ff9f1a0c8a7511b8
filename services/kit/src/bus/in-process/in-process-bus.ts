import type { Logger } from '../../logger/logger';
import type { Bus, Subscription } from '../bus';
import { resolveConsumeOptions } from '../redelivery';
import { assertConsumeArguments, encodeEvent, unavailable } from '../wire';
import { Consumers } from './consumers';
import { deadLetterAccess, DeadLetterStore } from './dead-letter-store';
import { EventLog } from './event-log';
import { RequestRouter } from './requests';
import { StreamRouter, streamMembers } from './streams';
import type { StreamPacing } from '../streams';
import { Tails } from './tails';
import { BusTimers } from './timers';
import { trackedSubscription } from '../tracked-subscription';

/*
 * The bus for one process (tests, `npm start`): the same contract as NATS with JetStream, emulated in
 * memory. Delivery is always on a later tick, requests go to one member of each queue group, events sit
 * in a retained log with dedup, and each (durable, event) pair is a consumer with its own cursor, pending
 * set, ack-wait and redelivery timers — the JetStream model, so a test that passes here holds on NATS.
 */

export interface InProcessBusOptions {
  logger: Logger;
  namespace?: string;
  /** Every consumer's default redelivery back-off (`BUS_REDELIVERY_BACKOFF_MS`). */
  redeliveryBackoffMs?: readonly number[];
  /** How streams beat and when they give up on a silent side; tests shorten it. */
  streamPacing?: StreamPacing;
}

export function createInProcessBus(options: InProcessBusOptions): Bus {
  const logger = options.logger.child({
    bus: 'in-process',
    ...(options.namespace ? { namespace: options.namespace } : {}),
  });
  /** No new deliveries, responders or consumers; in-flight handlers may still publish and request. */
  let closing = false;
  let closed = false;
  let closePromise: Promise<void> | undefined;

  const timers = new BusTimers();
  const router = new RequestRouter(logger, timers);
  const streams = new StreamRouter(logger, options.streamPacing);
  const log = new EventLog();
  const deadLetters = new DeadLetterStore();
  const consumers = new Consumers({ log, deadLetters, timers, logger, closing: () => closing });
  const tails = new Tails(logger, timers);
  const subscriptions = new Set<Subscription>();
  const subscribe = (detach: () => void, settled: () => Promise<unknown>) =>
    trackedSubscription(subscriptions, detach, settled);
  const refuseWhenClosing = () => {
    if (closing) throw new Error('bus is closed');
  };
  const store = storeEvent(log, consumers, tails);

  return {
    request: (async (def, payload, requestOptions) => {
      if (closed) throw unavailable();
      return router.request(def, payload, requestOptions);
    }) as Bus['request'],

    async serve(def, handler, serveOptions) {
      refuseWhenClosing();
      const queue = serveOptions?.queue ?? def.subject;
      const responder = router.add(def, handler as Parameters<RequestRouter['add']>[1], queue);
      return subscribe(
        () => router.remove(responder, queue),
        () => responder.inFlight.settled(),
      );
    },

    ...streamMembers(streams, { refuseWhenClosing, subscribe }),

    async publish(def, data, publishOptions) {
      if (closed) throw new Error('bus is closed');
      const { id, body } = encodeEvent(def, data, publishOptions);
      store(id, def.subject, body);
    },

    ...deadLetterAccess(deadLetters, store, () => closed),

    async tail(handlers) {
      refuseWhenClosing();
      const tailer = tails.add(handlers);
      return subscribe(
        () => tails.remove(tailer),
        () => tailer.inFlight.settled(),
      );
    },

    async consume(durable, handlers, consumeOptions) {
      refuseWhenClosing();
      assertConsumeArguments(durable, handlers);
      const config = resolveConsumeOptions(consumeOptions, options.redeliveryBackoffMs);
      const attached = handlers.map((handler) => consumers.attach(durable, handler, config));
      return subscribe(
        () => {
          for (const { consumer, worker } of attached) consumer.removeWorker(worker);
        },
        () => Promise.all(attached.map(({ worker }) => worker.inFlight.settled())),
      );
    },

    async backlog() {
      return consumers.backlog();
    },

    close() {
      closePromise ??= (async () => {
        closing = true;
        await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
        closed = true;
        streams.close();
        router.cancelPending();
        timers.clearAll();
        logger.debug('bus closed');
      })();
      return closePromise;
    },
  };
}

/** Appends an event to the log unless its id is a duplicate, and wakes its consumers and tails. */
function storeEvent(log: EventLog, consumers: Consumers, tails: Tails) {
  return (id: string, subject: string, body: string): void => {
    if (!log.append(id, subject, body, Date.now())) return;
    consumers.wake(subject);
    tails.publish(subject, body);
  };
}

import type { AnyRequestDef } from '@bookwright/contracts';
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

/*
 * The bus for one process (tests, `npm start`): the same contract as NATS with JetStream, emulated in
 * memory. Delivery is always on a later tick, requests go to one member of each queue group, events sit
 * in a retained log with dedup, and each (durable, event) pair is a consumer with its own cursor, pending
 * set, ack-wait and redelivery timers — the JetStream model, so a test that passes here holds on NATS.
 */

interface Responder {
  def: AnyRequestDef;
  handler: (payload: unknown, context: RequestContext) => Promise<unknown>;
  stopped: boolean;
  inFlight: InFlight;
}

interface QueueGroup {
  members: Responder[];
  next: number;
}

interface StoredEvent {
  seq: number;
  subject: string;
  body: string;
  storedAt: number;
}

interface Worker {
  handler: EventHandler;
  inFlight: InFlight;
}

interface PendingDelivery {
  deliveries: number;
  timer: NodeJS.Timeout | undefined;
}

export function createInProcessBus(options: { logger: Logger; namespace?: string }): Bus {
  const logger = options.logger.child({
    bus: 'in-process',
    ...(options.namespace ? { namespace: options.namespace } : {}),
  });
  /** No new deliveries, responders or consumers; in-flight handlers may still publish and request. */
  let closing = false;
  let closed = false;
  let closePromise: Promise<void> | undefined;

  const timers = new Set<NodeJS.Timeout>();
  const setTimer = (fn: () => void, ms: number): NodeJS.Timeout => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const clearTimer = (timer: NodeJS.Timeout | undefined): void => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.delete(timer);
  };

  // Requests -----------------------------------------------------------------------------------------

  const groupsBySubject = new Map<string, Map<string, QueueGroup>>();
  const pendingRequests = new Set<() => void>();
  const subscriptions = new Set<Subscription>();

  /** Like core NATS: every queue group gets the request once, one member of each answers. */
  function pickResponders(subject: string): Responder[] {
    const picked: Responder[] = [];
    for (const group of groupsBySubject.get(subject)?.values() ?? []) {
      if (group.members.length === 0) continue;
      const member = group.members[group.next % group.members.length];
      group.next = (group.next + 1) % group.members.length;
      if (member) picked.push(member);
    }
    return picked;
  }

  async function request(
    def: AnyRequestDef,
    payload: unknown,
    requestOptions?: { timeoutMs?: number; requestId?: string },
  ) {
    if (closed) throw unavailable();
    const body = encodeRequest(def, payload);
    const targets = pickResponders(def.subject);
    if (targets.length === 0) throw unavailable();
    const timeoutMs = requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;

    const reply = await new Promise<string>((resolve, reject) => {
      let done = false;
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        clearTimer(timer);
        pendingRequests.delete(cancel);
        outcome();
      };
      const cancel = () => finish(() => reject(unavailable()));
      const timer = setTimer(cancel, timeoutMs);
      pendingRequests.add(cancel);
      for (const responder of targets) {
        setImmediate(() => {
          if (responder.stopped) return;
          void responder.inFlight
            .track(answerRequest(responder.def, responder.handler, body, requestOptions?.requestId, logger))
            .then((answer) => finish(() => resolve(answer)));
        });
      }
    });
    return decodeReply(def, reply, logger);
  }

  // Events -------------------------------------------------------------------------------------------

  const eventLog = new Map<number, StoredEvent>();
  let lastSeq = 0;
  const seenIds = new Map<string, number>();
  const consumers = new Map<string, DurableConsumer>();

  function prune(now: number): void {
    // Both maps are in insertion order, which is time order, so expired entries are at the front.
    for (const [id, at] of seenIds) {
      if (at > now - DEDUP_WINDOW_MS) break;
      seenIds.delete(id);
    }
    for (const [seq, event] of eventLog) {
      if (event.storedAt > now - EVENT_RETENTION_MS) break;
      eventLog.delete(seq);
    }
  }

  class DurableConsumer {
    config: ResolvedConsumeOptions;
    private cursor: number;
    private readonly pending = new Map<number, PendingDelivery>();
    private readonly ready: number[] = [];
    private readonly workers: Worker[] = [];
    private nextWorker = 0;
    private scheduled = false;
    /** When a delivery last started (epoch ms), for the liveness check. */
    lastStartedAt: number | undefined;

    constructor(
      readonly durable: string,
      readonly subject: string,
      config: ResolvedConsumeOptions,
    ) {
      this.config = config;
      // Deliver-all from the oldest retained event, like a JetStream durable created now.
      this.cursor = eventLog.keys().next().value ?? lastSeq + 1;
    }

    addWorker(worker: Worker): void {
      this.workers.push(worker);
      this.schedule();
    }

    /** Whether a worker of this process takes this consumer's deliveries. */
    get attached(): boolean {
      return this.workers.length > 0;
    }

    /** Deliveries this consumer could start now: redeliveries due, and new events while it has room. */
    waiting(): number {
      let fresh = 0;
      if (this.pending.size < MAX_ACK_PENDING)
        for (let seq = this.cursor; seq <= lastSeq; seq += 1)
          if (eventLog.get(seq)?.subject === this.subject) fresh += 1;
      return this.ready.length + Math.min(fresh, MAX_ACK_PENDING - this.pending.size);
    }

    removeWorker(worker: Worker): void {
      const index = this.workers.indexOf(worker);
      if (index >= 0) this.workers.splice(index, 1);
    }

    schedule(): void {
      if (this.scheduled || closing) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.dispatch();
      });
    }

    private dispatch(): void {
      while (!closing && this.workers.length > 0) {
        const event = this.nextEvent();
        if (!event) return;
        const worker = this.workers[this.nextWorker % this.workers.length];
        this.nextWorker = (this.nextWorker + 1) % this.workers.length;
        if (worker) this.deliver(worker, event);
      }
    }

    /** Redeliveries first, then the next new event on this consumer's subject. */
    private nextEvent(): StoredEvent | undefined {
      for (let seq = this.ready.shift(); seq !== undefined; seq = this.ready.shift()) {
        const event = eventLog.get(seq);
        if (event) return event;
        this.pending.delete(seq);
      }
      // Un-acked events (running, or waiting for a retry) count against the cap, as in JetStream.
      while (this.pending.size < MAX_ACK_PENDING && this.cursor <= lastSeq) {
        const event = eventLog.get(this.cursor);
        this.cursor += 1;
        if (event && event.subject === this.subject) {
          this.pending.set(event.seq, { deliveries: 0, timer: undefined });
          return event;
        }
      }
      return undefined;
    }

    private deliver(worker: Worker, event: StoredEvent): void {
      const state = this.pending.get(event.seq);
      if (!state) return;
      state.deliveries += 1;
      this.lastStartedAt = Date.now();
      const delivery = state.deliveries;
      clearTimer(state.timer);
      state.timer = setTimer(() => this.onAckWait(event.seq, delivery), this.config.ackWaitMs);

      const run = async () => {
        const decoded = decodeEvent(worker.handler.def, event.body);
        const eventLogger = logger.child({
          eventId: decoded.envelope?.id,
          event: worker.handler.def.name,
          durable: this.durable,
          deliveryCount: delivery,
        });
        if (!decoded.ok) {
          eventLogger.error({ err: decoded.error, reason: decoded.reason }, 'poison event terminated');
          this.finish(event.seq);
          return;
        }
        // A handler's stray `working()` after it has settled must not turn a retry timer into an ack wait.
        let settled = false;
        const working = () => {
          if (!settled) this.restartAckWait(event.seq, delivery);
        };
        try {
          await worker.handler.handle(decoded.data, eventMeta(decoded.envelope, delivery, eventLogger, working));
        } catch (error) {
          settled = true;
          this.onFailure(event.seq, delivery, error, eventLogger);
          return;
        }
        settled = true;
        // Any delivery's ack settles the message, as with JetStream, even one that arrives after a redelivery.
        this.finish(event.seq);
      };
      void worker.inFlight.track(run().finally(() => this.schedule()));
    }

    private restartAckWait(seq: number, delivery: number): void {
      const state = this.pending.get(seq);
      // Only the current delivery may: one that was superseded or timed out has no ack wait left.
      if (!state || state.deliveries !== delivery || state.timer === undefined) return;
      clearTimer(state.timer);
      state.timer = setTimer(() => this.onAckWait(seq, delivery), this.config.ackWaitMs);
    }

    private finish(seq: number): void {
      const state = this.pending.get(seq);
      if (!state) return;
      clearTimer(state.timer);
      this.pending.delete(seq);
    }

    private onFailure(seq: number, delivery: number, error: unknown, eventLogger: Logger): void {
      const state = this.pending.get(seq);
      // A failure from a delivery that has already been superseded by a redelivery changes nothing.
      if (!state || state.deliveries !== delivery) return;
      clearTimer(state.timer);
      if (delivery >= this.config.maxDeliver) {
        eventLogger.error(
          { err: error, maxDeliver: this.config.maxDeliver },
          'event handler failed on its last delivery: terminated',
        );
        this.pending.delete(seq);
        return;
      }
      eventLogger.warn({ err: error, retryInMs: this.config.retryDelayMs }, 'event handler failed: will redeliver');
      state.timer = setTimer(() => this.requeue(seq), this.config.retryDelayMs);
    }

    private onAckWait(seq: number, delivery: number): void {
      const state = this.pending.get(seq);
      if (!state || state.deliveries !== delivery) return;
      state.timer = undefined;
      if (delivery >= this.config.maxDeliver) {
        // JetStream stops redelivering here too; the message is never acked.
        logger.error(
          { durable: this.durable, subject: this.subject, seq, maxDeliver: this.config.maxDeliver },
          'event not acked within ack wait on its last delivery: given up',
        );
        this.pending.delete(seq);
        this.schedule();
        return;
      }
      logger.warn(
        { durable: this.durable, subject: this.subject, seq, ackWaitMs: this.config.ackWaitMs },
        'event not acked within ack wait: will redeliver',
      );
      this.requeue(seq);
    }

    private requeue(seq: number): void {
      this.ready.push(seq);
      this.schedule();
    }
  }

  // Tails -------------------------------------------------------------------------------------------------

  const tailers = new Set<{ handlers: EventHandler[]; inFlight: InFlight }>();
  const deliverTail = async (handler: EventHandler, body: string, inFlight: InFlight): Promise<void> => {
    const decoded = decodeEvent(handler.def, body);
    if (!decoded.ok) return;
    const eventLogger = logger.child({ eventId: decoded.envelope.id, tail: true });
    await inFlight
      .track(handler.handle(decoded.data, eventMeta(decoded.envelope, 1, eventLogger)))
      .catch((error: unknown) => eventLogger.warn({ err: error }, 'tail handler failed'));
  };

  // The port ---------------------------------------------------------------------------------------------

  const bus: Bus = {
    request: request as Bus['request'],

    async serve(def, handler, serveOptions) {
      if (closing) throw new Error('bus is closed');
      const queue = serveOptions?.queue ?? def.subject;
      const responder: Responder = {
        def,
        handler: handler as Responder['handler'],
        stopped: false,
        inFlight: new InFlight(),
      };
      let groups = groupsBySubject.get(def.subject);
      if (!groups) groupsBySubject.set(def.subject, (groups = new Map()));
      let group = groups.get(queue);
      if (!group) groups.set(queue, (group = { members: [], next: 0 }));
      group.members.push(responder);

      const subscription: Subscription = {
        async stop() {
          if (!responder.stopped) {
            responder.stopped = true;
            const members = groupsBySubject.get(def.subject)?.get(queue)?.members;
            const index = members?.indexOf(responder) ?? -1;
            if (members && index >= 0) members.splice(index, 1);
            subscriptions.delete(subscription);
          }
          await responder.inFlight.settled();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async publish(def, data, publishOptions) {
      if (closed) throw new Error('bus is closed');
      const { id, body } = encodeEvent(def, data, publishOptions);
      const now = Date.now();
      prune(now);
      if (seenIds.has(id)) return;
      seenIds.set(id, now);
      lastSeq += 1;
      eventLog.set(lastSeq, { seq: lastSeq, subject: def.subject, body, storedAt: now });
      for (const consumer of consumers.values()) if (consumer.subject === def.subject) consumer.schedule();
      for (const tailer of tailers) {
        for (const handler of tailer.handlers) {
          if (handler.def.subject !== def.subject) continue;
          // A later tick, like every other delivery: never inside the publisher's call.
          const timer = setTimer(() => void deliverTail(handler, body, tailer.inFlight), 0);
          void timer;
        }
      }
    },

    async tail(handlers) {
      if (closing) throw new Error('bus is closed');
      const tailer = { handlers, inFlight: new InFlight() };
      tailers.add(tailer);
      let stopped = false;
      const subscription: Subscription = {
        async stop() {
          if (!stopped) {
            stopped = true;
            tailers.delete(tailer);
            subscriptions.delete(subscription);
          }
          await tailer.inFlight.settled();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async consume(durable, handlers, consumeOptions) {
      if (closing) throw new Error('bus is closed');
      assertConsumeArguments(durable, handlers);
      const config = resolveConsumeOptions(consumeOptions);
      const attached = handlers.map((handler) => {
        const key = `${durable}\u0000${handler.def.subject}`;
        let consumer = consumers.get(key);
        if (!consumer) consumers.set(key, (consumer = new DurableConsumer(durable, handler.def.subject, config)));
        // The latest settings win, as when a JetStream consumer's config is updated.
        consumer.config = config;
        const worker: Worker = { handler, inFlight: new InFlight() };
        consumer.addWorker(worker);
        return { consumer, worker };
      });

      let stopped = false;
      const subscription: Subscription = {
        async stop() {
          if (!stopped) {
            stopped = true;
            for (const { consumer, worker } of attached) consumer.removeWorker(worker);
            subscriptions.delete(subscription);
          }
          await Promise.all(attached.map(({ worker }) => worker.inFlight.settled()));
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async backlog() {
      return [...consumers.values()]
        .filter((consumer) => consumer.attached)
        .map((consumer) => ({
          consumer: `${consumer.durable}/${consumer.subject}`,
          waiting: consumer.waiting(),
          lastStartedAt: consumer.lastStartedAt,
        }));
    },

    close() {
      closePromise ??= (async () => {
        closing = true;
        await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
        closed = true;
        for (const cancel of [...pendingRequests]) cancel();
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        logger.debug('bus closed');
      })();
      return closePromise;
    },
  };
  return bus;
}

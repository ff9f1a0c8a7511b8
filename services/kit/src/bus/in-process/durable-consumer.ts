import type { Logger } from '../../logger/logger';
import type { DeadLetter, EventHandler } from '../bus';
import { announceDeadLetter, describeError, invalidEventError } from '../dead-letters';
import { ackWaitMs, afterFailure, type ResolvedConsumeOptions } from '../redelivery';
import { decodeEvent, eventMeta, type InFlight, MAX_ACK_PENDING } from '../wire';
import type { DeadLetterStore } from './dead-letter-store';
import type { EventLog, StoredEvent } from './event-log';
import type { BusTimers } from './timers';

/** One subscriber of a durable consumer in this process. */
export interface Worker {
  handler: EventHandler;
  inFlight: InFlight;
}

interface PendingDelivery {
  deliveries: number;
  timer: NodeJS.Timeout | undefined;
}

/** What every consumer of one bus shares. */
export interface ConsumerWorld {
  log: EventLog;
  deadLetters: DeadLetterStore;
  timers: BusTimers;
  logger: Logger;
  /** The bus is closing: no new deliveries. */
  closing: () => boolean;
}

/**
 * A (durable, subject) pair, as a JetStream consumer: its own cursor, pending set, ack-wait and
 * redelivery timers. Deliveries go round-robin to the workers attached in this process.
 */
export class DurableConsumer {
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
    private readonly world: ConsumerWorld,
  ) {
    this.config = config;
    // Deliver-all from the oldest retained event, like a JetStream durable created now.
    this.cursor = world.log.firstSeq();
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
      for (let seq = this.cursor; seq <= this.world.log.lastSeq; seq += 1)
        if (this.world.log.get(seq)?.subject === this.subject) fresh += 1;
    return this.ready.length + Math.min(fresh, MAX_ACK_PENDING - this.pending.size);
  }

  removeWorker(worker: Worker): void {
    const index = this.workers.indexOf(worker);
    if (index >= 0) this.workers.splice(index, 1);
  }

  schedule(): void {
    if (this.scheduled || this.world.closing()) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (!this.world.closing() && this.workers.length > 0) {
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
      const event = this.world.log.get(seq);
      if (event) return event;
      this.pending.delete(seq);
    }
    // Un-acked events (running, or waiting for a retry) count against the cap, as in JetStream.
    while (this.pending.size < MAX_ACK_PENDING && this.cursor <= this.world.log.lastSeq) {
      const event = this.world.log.get(this.cursor);
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
    this.world.timers.clear(state.timer);
    state.timer = this.world.timers.set(() => this.onAckWait(event.seq, delivery), ackWaitMs(this.config, delivery));
    void worker.inFlight.track(this.run(worker, event, delivery).finally(() => this.schedule()));
  }

  private async run(worker: Worker, event: StoredEvent, delivery: number): Promise<void> {
    const decoded = decodeEvent(worker.handler.def, event.body);
    const eventLogger = this.world.logger.child({
      eventId: decoded.envelope?.id,
      event: worker.handler.def.name,
      durable: this.durable,
      deliveryCount: delivery,
    });
    if (!decoded.ok) {
      this.deadLetter(
        event,
        worker,
        { reason: 'invalid', error: invalidEventError(decoded), tries: delivery },
        eventLogger,
      );
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
      this.onFailure(worker, event, delivery, error, eventLogger);
      return;
    }
    settled = true;
    // Any delivery's ack settles the message, as with JetStream, even one that arrives after a redelivery.
    this.finish(event.seq);
  }

  private deadLetter(
    event: StoredEvent,
    worker: Worker,
    outcome: Pick<DeadLetter, 'reason' | 'error' | 'tries'>,
    eventLogger: Logger,
  ): void {
    const def = worker.handler.def;
    const letter = {
      ...outcome,
      consumer: this.durable,
      subject: event.subject,
      event: `${def.name} v${def.version}`,
      eventId: decodeEvent(def, event.body).envelope?.id,
      payload: event.body,
      headers: { 'Nats-Msg-Id': event.id },
      streamSeq: event.seq,
      deadAt: new Date().toISOString(),
    };
    this.world.deadLetters.add(letter);
    announceDeadLetter(eventLogger, letter);
  }

  private restartAckWait(seq: number, delivery: number): void {
    const state = this.pending.get(seq);
    // Only the current delivery may: one that was superseded or timed out has no ack wait left.
    if (!state || state.deliveries !== delivery || state.timer === undefined) return;
    this.world.timers.clear(state.timer);
    state.timer = this.world.timers.set(() => this.onAckWait(seq, delivery), ackWaitMs(this.config, delivery));
  }

  private finish(seq: number): void {
    const state = this.pending.get(seq);
    if (!state) return;
    this.world.timers.clear(state.timer);
    this.pending.delete(seq);
  }

  private onFailure(worker: Worker, event: StoredEvent, delivery: number, error: unknown, eventLogger: Logger): void {
    const state = this.pending.get(event.seq);
    // A failure from a delivery that has already been superseded by a redelivery changes nothing.
    if (!state || state.deliveries !== delivery) return;
    this.world.timers.clear(state.timer);
    const outcome = afterFailure(this.config, delivery, error);
    if (outcome === 'dead-letter') {
      this.deadLetter(
        event,
        worker,
        { reason: 'handler-failed', error: describeError(error), tries: delivery },
        eventLogger,
      );
      this.pending.delete(event.seq);
      return;
    }
    eventLogger.warn({ err: error, retryInMs: outcome.retryInMs }, 'event handler failed: will redeliver');
    state.timer = this.world.timers.set(() => this.requeue(event.seq), outcome.retryInMs);
  }

  /** No delivery limit, as on JetStream with `max_deliver -1`: a delivery nobody answered comes again. */
  private onAckWait(seq: number, delivery: number): void {
    const state = this.pending.get(seq);
    if (!state || state.deliveries !== delivery) return;
    state.timer = undefined;
    this.world.logger.warn(
      { durable: this.durable, subject: this.subject, seq, ackWaitMs: ackWaitMs(this.config, delivery) },
      'event not acked within ack wait: will redeliver',
    );
    this.requeue(seq);
  }

  private requeue(seq: number): void {
    this.ready.push(seq);
    this.schedule();
  }
}

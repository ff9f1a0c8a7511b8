import type { z } from 'zod';
import type { AnyEventDef, AnyRequestDef, AnyStreamDef } from '@bookwright/contracts/bus';
import type { Logger } from '../logger/logger';

/**
 * The bus port. Services talk to each other only through this interface; the adapter (NATS or
 * in-process) is chosen at start-up and both must behave the same (see bus/bus.contract.test.ts).
 *
 * Requests: request/reply with a timeout. A handler that throws an AppError makes `request` reject with
 * an AppError carrying the same status and msg; any other throw becomes a 500 whose details stay in the
 * responder's log. No responder or no answer in time rejects with AppError 503.
 *
 * Events: at-least-once delivery through a durable stream. `publish` dedupes on the event id
 * (`Nats-Msg-Id`) within the dedup window. A consumer handler that resolves acks; one that throws is
 * redelivered after the next step of a back-off, with no delivery limit (JetStream `max_deliver -1`), so
 * no stop, crash or outage drops an event. Payloads are validated against the contract on both sides. A
 * message is given up on only into its consumer's dead letters (`DLQ.<durable>`): at once when it breaks
 * the contract, and when its handler has failed `HANDLER_TRIES_BEFORE_DEAD_LETTER` (10) times for any
 * reason but an unreachable database, which is redelivered for ever. A dead letter is logged at error
 * level and counted (`bookwright_bus_dead_letters_total`); `replayDeadLetters` sends it again. Decision
 * 0049, docs/runbooks/dead-letters.md.
 */
export interface Bus {
  request<D extends AnyRequestDef>(
    def: D,
    payload: z.input<D['request']>,
    options?: RequestOptions,
  ): Promise<z.output<D['response']>>;

  /** Answers requests for `def` as part of a queue group (default: the subject), so replicas share the load. */
  serve<D extends AnyRequestDef>(
    def: D,
    handler: (payload: z.output<D['request']>, context: RequestContext) => Promise<z.input<D['response']>>,
    options?: { queue?: string },
  ): Promise<Subscription>;

  /**
   * Streams: one request, answered by deltas in order and then an end; the iteration ends there, or throws
   * the AppError the responder's handler threw (mapped as for requests). No responder, or none heard from
   * for a while (it died), throws AppError 503. Breaking out of the loop or aborting `signal` cancels the
   * stream: the responder's signal aborts, so it stops its work.
   */
  stream<D extends AnyStreamDef>(
    def: D,
    payload: z.input<D['request']>,
    options?: StreamOptions,
  ): AsyncIterable<z.output<D['delta']>>;

  /** Answers streams for `def` as part of a queue group (default: the subject); one member takes each. */
  serveStream<D extends AnyStreamDef>(
    def: D,
    handler: StreamHandler<D>,
    options?: { queue?: string },
  ): Promise<Subscription>;

  /** Publishes one event. Resolves once the stream has stored it. */
  publish<D extends AnyEventDef>(def: D, data: z.input<D['schema']>, options?: PublishOptions): Promise<void>;

  /**
   * Starts a durable consumer named `durable` for each handler's event. Replicas that use the same
   * durable name share the work (each message goes to one of them).
   */
  consume(durable: string, handlers: EventHandler[], options?: ConsumeOptions): Promise<Subscription>;

  /**
   * Live fan-out: every instance that tails receives every matching event published from now on. No
   * replay, no ack, no redelivery; a failing handler is logged and skipped. For pushing changes to
   * connected clients (Server-Sent Events), never for work that must happen.
   */
  tail(handlers: EventHandler[]): Promise<Subscription>;

  /** Stops consumers and responders after in-flight handlers finish, then closes the connection. */
  close(): Promise<void>;

  /**
   * What each of this process's durable consumers has waiting for it, for the liveness check: deliveries
   * it could start now (the consumer has room under its max ack pending) and when it last started one.
   * A consumer the server cannot be asked about right now is left out (unknown is not stalled).
   */
  backlog?(): Promise<ConsumerBacklog[]>;

  /** The dead letters of the consumers named `durable`, oldest first. */
  deadLetters(durable: string): Promise<DeadLetter[]>;

  /**
   * Publishes each dead letter of `durable` again on its original subject (every consumer of that event
   * sees it again: handlers are idempotent) and removes it once the stream has stored it. How many.
   */
  replayDeadLetters(durable: string): Promise<number>;
}

/** A message its consumer gave up on, as kept in `DLQ.<durable>`. */
export interface DeadLetter {
  /** Its place in the consumer's dead letters. */
  seq: number;
  /** The durable name of the consumer that gave it up (the service, for a service's consumer). */
  consumer: string;
  /** The event's subject without the namespace, e.g. `evt.book.planning-requested.v1`. */
  subject: string;
  /** The event the consumer expected, `name vN`. */
  event: string;
  /** The envelope's id; undefined when the envelope itself was unreadable. */
  eventId: string | undefined;
  /** The stored message exactly as published. */
  payload: string;
  /** The stored message's headers (`Nats-Msg-Id`, …). */
  headers: Record<string, string>;
  /** `invalid`: it broke the contract (dead-lettered on its first delivery); `handler-failed`: 10 failed tries. */
  reason: 'invalid' | 'handler-failed';
  error: string;
  /** Deliveries it had, the last included. */
  tries: number;
  /** Its sequence in the event stream, which makes a replay's dedup id. */
  streamSeq: number;
  deadAt: string;
}

export interface ConsumerBacklog {
  /** `durable/event`, for the liveness answer and the log. */
  consumer: string;
  /** Deliveries waiting that the consumer has room to start. */
  waiting: number;
  /** When (epoch ms) this process last started handling one of its deliveries; undefined: never. */
  lastStartedAt: number | undefined;
}

export interface RequestOptions {
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** Propagated to the responder's logs. */
  requestId?: string;
}

export interface RequestContext {
  requestId: string;
  logger: Logger;
}

export interface PublishOptions {
  /** The dedup key; default a new UUID. Use a deterministic id when a retry must not publish twice. */
  id?: string;
  correlationId?: string;
}

export interface ConsumeOptions {
  /**
   * How long a first delivery may stay un-acked before it is redelivered; a redelivery waits this plus
   * its back-off step. Default 30 000 ms.
   */
  ackWaitMs?: number;
  /**
   * Pause before each redelivery of a failed delivery, the last step repeated for ever. Default the bus's
   * (`BUS_REDELIVERY_BACKOFF_MS`, 1 s, 5 s, 15 s, 30 s, 60 s).
   */
  backoffMs?: readonly number[];
}

export interface EventMeta {
  id: string;
  name: string;
  version: number;
  occurredAt: string;
  correlationId: string | undefined;
  /** 1 on first delivery. */
  deliveryCount: number;
  logger: Logger;
  /**
   * Tells the bus this delivery is still being worked on, so its ack wait starts again (JetStream's
   * `working()`): a handler that knowingly takes longer than the ack wait is neither redelivered beside
   * itself nor given up on. Does nothing for a tail, which has no ack wait.
   */
  working(): void;
}

export interface EventHandler<D extends AnyEventDef = AnyEventDef> {
  def: D;
  handle: (data: z.output<D['schema']>, meta: EventMeta) => Promise<void>;
}

/** Declares the handler of one event; the data type follows from the event's schema. */
export function on<D extends AnyEventDef>(
  def: D,
  handle: (data: z.output<D['schema']>, meta: EventMeta) => Promise<void>,
): EventHandler {
  return { def, handle } as unknown as EventHandler;
}

export interface Subscription {
  /** Stops taking new messages and waits for in-flight handlers. */
  stop(): Promise<void>;
}

export interface StreamOptions {
  /** Until a responder takes the request; default 10 000 ms. */
  timeoutMs?: number;
  /** Propagated to the responder's logs. */
  requestId?: string;
  /** Aborting it cancels the stream: the responder's `signal` aborts, and the iteration throws its reason. */
  signal?: AbortSignal;
}

export interface StreamContext<Delta = unknown> extends RequestContext {
  /** Sends one delta; it reaches the requester after those sent before it. */
  send(delta: Delta): void;
  /** Aborts when the requester cancels or is gone: stop the work. */
  signal: AbortSignal;
}

export type StreamHandler<D extends AnyStreamDef = AnyStreamDef> = (
  payload: z.output<D['request']>,
  context: StreamContext<z.input<D['delta']>>,
) => Promise<void>;

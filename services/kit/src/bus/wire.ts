import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import {
  EventEnvelopeSchema,
  ReplyEnvelopeSchema,
  type AnyEventDef,
  type AnyRequestDef,
  type EventEnvelope,
  type ReplyEnvelope,
} from '@bookwright/contracts/bus';
import { isDatabaseUnavailable } from '../db/connection-errors';
import type { Logger } from '../logger/logger';
import type { EventHandler, EventMeta, PublishOptions, RequestContext } from './bus';

/*
 * The encoding and error rules both adapters share, so the in-process bus cannot drift from NATS: every
 * payload crosses the boundary as JSON text (a Date or an undefined field behaves the same in both), and
 * every validation and error-mapping decision is made here, once.
 */

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/** JetStream's default `Nats-Msg-Id` window; the in-process log uses the same. */
export const DEDUP_WINDOW_MS = 2 * 60_000;
/** How long the event stream keeps events, so a consumer created later can still catch up. */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60_000;
/**
 * Un-acked events one consumer (a durable and an event) may have out at once, across all its replicas:
 * JetStream's `max_ack_pending`. It bounds concurrent handlers without a client-side queue, where events
 * would sit un-acked and be redelivered while they wait.
 */
export const MAX_ACK_PENDING = 64;

/** A durable name ends up in JetStream consumer names, which forbid dots, wildcards and spaces. */
const durablePattern = /^[A-Za-z0-9_-]+$/;

export function assertConsumeArguments(durable: string, handlers: EventHandler[]): void {
  if (handlers.length === 0) throw new Error(`durable "${durable}" has no handlers`);
  if (!durablePattern.test(durable))
    throw new Error(`invalid durable name "${durable}": letters, digits, _ and - only`);
  const subjects = new Set<string>();
  for (const handler of handlers) {
    // Two handlers for one event under one durable would share one consumer and each get half the events.
    if (subjects.has(handler.def.subject))
      throw new Error(`durable "${durable}" has two handlers for ${handler.def.subject}`);
    subjects.add(handler.def.subject);
  }
}

const firstIssueMessage = (error: z.ZodError): string => error.issues[0]?.message ?? 'Invalid request';

// ---------------------------------------------------------------------------------------------------------
// Requests

/** Checks the caller's payload before it leaves, with the same 400 the responder would answer. */
export function encodeRequest(def: AnyRequestDef, payload: unknown): string {
  const parsed = def.request.safeParse(payload);
  if (!parsed.success) throw new AppError(400, firstIssueMessage(parsed.error));
  // The raw input travels, not the parsed output: the responder parses again, and a transform must run once.
  return payload === undefined ? '' : JSON.stringify(payload);
}

/** Runs a responder's handler on one incoming request and always produces a reply, never a throw. */
export async function answerRequest(
  def: AnyRequestDef,
  handler: (payload: unknown, context: RequestContext) => Promise<unknown>,
  body: string,
  requestId: string | undefined,
  logger: Logger,
): Promise<string> {
  const reqId = requestId ?? randomUUID();
  const requestLogger = logger.child({ reqId, subject: def.subject });
  const reply = await runHandler(def, handler, body, reqId, requestLogger);
  return JSON.stringify(reply);
}

async function runHandler(
  def: AnyRequestDef,
  handler: (payload: unknown, context: RequestContext) => Promise<unknown>,
  body: string,
  reqId: string,
  logger: Logger,
): Promise<ReplyEnvelope> {
  let raw: unknown;
  try {
    raw = body === '' ? undefined : JSON.parse(body);
  } catch {
    return failure(400, 'Invalid request');
  }
  const parsed = def.request.safeParse(raw);
  if (!parsed.success) return failure(400, firstIssueMessage(parsed.error));

  let result: unknown;
  try {
    result = await handler(parsed.data, { requestId: reqId, logger });
  } catch (error) {
    // PostgreSQL restarting or out of reach: the same request will succeed later, so the caller hears
    // "temporarily unavailable" (503, as for a missing service), not an unexpected error.
    if (!(error instanceof AppError && error.expose) && isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'request answered unavailable: the database is unreachable');
      return failure(503, apiMessages.unavailable);
    }
    if (error instanceof AppError) {
      if (error.status >= 500) logger.warn({ err: error }, 'request answered with a server error');
      // Only 4xx details travel: they are meant for the user (e.g. the list of missing metadata).
      return failure(error.status, error.message, error.code, error.status < 500 ? error.extra : undefined);
    }
    logger.error({ err: error }, 'request handler failed');
    return failure(500, apiMessages.internal);
  }
  // Checked here too, so a handler that breaks the contract is logged where it runs.
  const checked = def.response.safeParse(result);
  if (!checked.success) {
    logger.error({ err: checked.error }, 'request handler returned a reply that breaks the contract');
    return failure(500, apiMessages.internal);
  }
  return { ok: true, data: result };
}

function failure(status: number, msg: string, code?: string, extra?: Record<string, unknown>): ReplyEnvelope {
  return {
    ok: false,
    error: { status, msg, ...(code === undefined ? {} : { code }), ...(extra === undefined ? {} : { extra }) },
  };
}

/** Turns a reply into the caller's result, or throws the AppError it carries. */
export function decodeReply(def: AnyRequestDef, body: string, logger: Logger): unknown {
  let envelope: ReplyEnvelope;
  try {
    envelope = ReplyEnvelopeSchema.parse(JSON.parse(body));
  } catch (error) {
    logger.error({ err: error, subject: def.subject }, 'malformed reply');
    throw new AppError(500, apiMessages.internal, { cause: error });
  }
  if (!envelope.ok) {
    const { status, msg, code, extra } = envelope.error;
    throw new AppError(status, msg, {
      ...(code === undefined ? {} : { code }),
      ...(extra === undefined ? {} : { extra }),
    });
  }
  const parsed = def.response.safeParse(envelope.data);
  if (!parsed.success) {
    logger.error({ err: parsed.error, subject: def.subject }, 'reply breaks the contract');
    throw new AppError(500, apiMessages.internal, { cause: parsed.error });
  }
  return parsed.data;
}

export const unavailable = (cause?: unknown): AppError =>
  new AppError(503, apiMessages.unavailable, cause === undefined ? undefined : { cause });

// ---------------------------------------------------------------------------------------------------------
// Events

/** Validates the data and wraps it; a publisher that breaks the contract is a bug, so this throws. */
export function encodeEvent(
  def: AnyEventDef,
  data: unknown,
  options: PublishOptions | undefined,
): { id: string; body: string } {
  const parsed = def.schema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`invalid ${def.name} v${def.version} event: ${firstIssueMessage(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  const envelope: EventEnvelope = {
    id: options?.id ?? randomUUID(),
    name: def.name,
    version: def.version,
    occurredAt: new Date().toISOString(),
    ...(options?.correlationId === undefined ? {} : { correlationId: options.correlationId }),
    data,
  };
  if (envelope.id.length === 0) throw new Error('event id must not be empty');
  return { id: envelope.id, body: JSON.stringify(envelope) };
}

export type DecodedEvent =
  | { ok: true; data: unknown; envelope: EventEnvelope }
  | { ok: false; reason: string; error: unknown; envelope: EventEnvelope | undefined };

/** Parses and validates a stored event for one handler; a failure here is poison, not a retry. */
export function decodeEvent(def: AnyEventDef, body: string): DecodedEvent {
  let envelope: EventEnvelope;
  try {
    envelope = EventEnvelopeSchema.parse(JSON.parse(body));
  } catch (error) {
    return { ok: false, reason: 'malformed event envelope', error, envelope: undefined };
  }
  if (envelope.name !== def.name || envelope.version !== def.version) {
    return { ok: false, reason: `expected ${def.name} v${def.version}`, error: undefined, envelope };
  }
  const parsed = def.schema.safeParse(envelope.data);
  if (!parsed.success) return { ok: false, reason: 'event data breaks the contract', error: parsed.error, envelope };
  return { ok: true, data: parsed.data, envelope };
}

export function eventMeta(
  envelope: EventEnvelope,
  deliveryCount: number,
  logger: Logger,
  working: () => void = () => undefined,
): EventMeta {
  return {
    working,
    id: envelope.id,
    name: envelope.name,
    version: envelope.version,
    occurredAt: envelope.occurredAt,
    correlationId: envelope.correlationId,
    deliveryCount,
    logger,
  };
}

/** Tracks running handler promises so `stop` can wait for them. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get size(): number {
    return this.running.size;
  }

  track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const remove = () => this.running.delete(promise);
    promise.then(remove, remove);
    return promise;
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

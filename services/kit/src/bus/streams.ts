import { z } from 'zod';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import {
  defineRequest,
  ReplyEnvelopeSchema,
  StreamFrameSchema,
  type AnyStreamDef,
  type StreamFrame,
} from '@bookwright/contracts/bus';
import type { Logger } from '../logger/logger';
import type { StreamHandler } from './bus';
import { answerRequest, DEFAULT_REQUEST_TIMEOUT_MS, encodeRequest, unavailable } from './wire';

/*
 * Streams, the part both adapters share (see Bus.stream): the frames, how a responder's handler turns into
 * them, and the requester's side that turns them back into an async iterable. What differs per adapter is
 * only how a frame travels.
 */

/** How often each side of a stream says it is still there, and how long the other waits before giving up. */
export interface StreamPacing {
  beatMs: number;
  idleMs: number;
}

export const DEFAULT_STREAM_PACING: StreamPacing = { beatMs: 5_000, idleMs: 20_000 };

export const encodeFrame = (frame: StreamFrame): string => JSON.stringify(frame);

/** Checks the requester's payload before it leaves, with the 400 a request would get. */
export const encodeStreamRequest = (def: AnyStreamDef, payload: unknown): string =>
  encodeRequest({ ...def, kind: 'request', response: def.delta }, payload);

/** The handler's end, as a request's reply would have said it: error mapping stays in one place (wire.ts). */
const ended = z.null();

/**
 * Runs a responder's handler on one stream request and emits its frames: `start`, the deltas, then `end`
 * or the `error` a request would have answered (400 for an invalid request, the AppError's status and msg,
 * 503 while the database is away, 500 otherwise). Never throws.
 */
export async function answerStream(
  def: AnyStreamDef,
  handler: StreamHandler,
  request: { body: string; requestId: string | undefined; signal: AbortSignal },
  emit: (frame: string) => void,
  logger: Logger,
): Promise<void> {
  emit(encodeFrame({ type: 'start' }));
  const asRequest = defineRequest({
    name: def.name,
    version: def.version,
    request: def.request,
    response: ended,
    description: def.description,
  });
  const send = (delta: unknown) => {
    const checked = def.delta.safeParse(delta);
    if (!checked.success) throw new Error(`a ${def.name} delta breaks the contract: ${checked.error.message}`);
    if (!request.signal.aborted) emit(encodeFrame({ type: 'delta', data: delta }));
  };
  const reply = await answerRequest(
    asRequest,
    async (payload, context) => {
      await handler(payload, { ...context, send, signal: request.signal });
      return null;
    },
    request.body,
    request.requestId,
    logger,
  );
  const envelope = ReplyEnvelopeSchema.parse(JSON.parse(reply));
  if (envelope.ok) emit(encodeFrame({ type: 'end' }));
  else {
    const { status, msg, code } = envelope.error;
    emit(encodeFrame({ type: 'error', error: { status, msg, ...(code === undefined ? {} : { code }) } }));
  }
}

type Settled<T> = { value: T; done: false } | { error: unknown } | { done: true };

/**
 * The requester's side: frames in, deltas out, as an async iterable. Nothing heard for too long (no
 * responder took it, or the one that did is gone) ends it with 503; breaking out of the loop or aborting
 * the signal cancels it, which the adapter tells the responder through `cancel`.
 */
export class StreamReader<T> implements AsyncIterable<T> {
  readonly #queue: Settled<T>[] = [];
  #wake: (() => void) | undefined;
  #finished = false;
  #timer: NodeJS.Timeout | undefined;
  readonly #onAbort = () => this.#cancel(this.signal?.reason ?? new Error('stream cancelled'));

  constructor(
    private readonly def: AnyStreamDef,
    private readonly options: {
      logger: Logger;
      pacing: StreamPacing;
      timeoutMs: number | undefined;
      signal: AbortSignal | undefined;
      /** Tells the responder to stop and releases the transport; called once. */
      close: (reason: 'cancel' | 'done') => void;
    },
  ) {
    this.#arm(options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
    if (this.signal?.aborted) queueMicrotask(this.#onAbort);
    else this.signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  private get signal() {
    return this.options.signal;
  }

  /** One frame as it arrived (text); anything after the stream ended is ignored. */
  push(text: string): void {
    if (this.#finished) return;
    let frame: StreamFrame;
    try {
      frame = StreamFrameSchema.parse(JSON.parse(text));
    } catch (error) {
      this.options.logger.error({ err: error, subject: this.def.subject }, 'malformed stream frame');
      return this.fail(new AppError(500, apiMessages.internal, { cause: error }), 'cancel');
    }
    this.#arm(this.options.pacing.idleMs);
    if (frame.type === 'delta') return this.#delta(frame.data);
    if (frame.type === 'end') return this.#settle({ done: true }, 'done');
    if (frame.type === 'error') {
      const { status, msg, code } = frame.error;
      return this.fail(new AppError(status, msg, code === undefined ? undefined : { code }), 'done');
    }
  }

  /** Ends the stream with `error` (no responder, a lost connection…). */
  fail(error: unknown, reason: 'cancel' | 'done' = 'done'): void {
    this.#settle({ error }, reason);
  }

  #delta(data: unknown) {
    const parsed = this.def.delta.safeParse(data);
    if (!parsed.success) {
      this.options.logger.error({ err: parsed.error, subject: this.def.subject }, 'stream delta breaks the contract');
      return this.fail(new AppError(500, apiMessages.internal, { cause: parsed.error }), 'cancel');
    }
    this.#queue.push({ value: parsed.data as T, done: false });
    this.#wake?.();
  }

  #cancel(reason: unknown) {
    this.#settle({ error: reason }, 'cancel');
  }

  #arm(ms: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.options.logger.debug({ subject: this.def.subject }, 'stream went quiet: given up');
      this.fail(unavailable(), 'cancel');
    }, ms);
  }

  #settle(last: Settled<T>, reason: 'cancel' | 'done') {
    if (this.#finished) return;
    this.#finished = true;
    clearTimeout(this.#timer);
    this.signal?.removeEventListener('abort', this.#onAbort);
    this.#queue.push(last);
    this.#wake?.();
    this.options.close(reason);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let ended = false;
    try {
      for (;;) {
        const next = this.#queue.shift();
        if (!next) {
          await new Promise<void>((resolve) => (this.#wake = resolve));
          this.#wake = undefined;
          continue;
        }
        if ('error' in next) {
          ended = true;
          throw next.error;
        }
        if (next.done) {
          ended = true;
          return;
        }
        yield next.value;
      }
    } finally {
      // The loop broke out early (or threw in its body): the responder stops.
      if (!ended) this.#cancel(new Error('stream cancelled'));
    }
  }
}

import type { AnyStreamDef } from '@bookwright/contracts/bus';
import type { Logger } from '../../logger/logger';
import type { Bus, StreamHandler, StreamOptions, Subscription } from '../bus';
import {
  answerStream,
  DEFAULT_STREAM_PACING,
  encodeFrame,
  encodeStreamRequest,
  StreamReader,
  type StreamPacing,
} from '../streams';
import { InFlight, unavailable } from '../wire';

/** One `serveStream` in this process. */
interface StreamResponder {
  def: AnyStreamDef;
  handler: StreamHandler;
  inFlight: InFlight;
}

/**
 * Streams in one process, with the NATS contract: one responder takes each request (in turn), every
 * frame travels as JSON text on a later tick, in order, and cancelling aborts the responder's signal.
 */
export class StreamRouter {
  readonly #responders = new Map<string, StreamResponder[]>();
  readonly #next = new Map<string, number>();
  #closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly pacing: StreamPacing = DEFAULT_STREAM_PACING,
  ) {}

  add(def: AnyStreamDef, handler: StreamHandler): StreamResponder {
    const responder: StreamResponder = { def, handler, inFlight: new InFlight() };
    this.#responders.set(def.subject, [...(this.#responders.get(def.subject) ?? []), responder]);
    return responder;
  }

  remove(responder: StreamResponder): void {
    const left = (this.#responders.get(responder.def.subject) ?? []).filter((r) => r !== responder);
    this.#responders.set(responder.def.subject, left);
  }

  /** The bus is closed: a stream asked for from now on ends with 503, as on a closed NATS connection. */
  close(): void {
    this.#closed = true;
  }

  stream<T>(def: AnyStreamDef, payload: unknown, options: StreamOptions | undefined): StreamReader<T> {
    const controller = new AbortController();
    const reader = new StreamReader<T>(def, {
      logger: this.logger,
      pacing: this.pacing,
      timeoutMs: options?.timeoutMs,
      signal: options?.signal,
      close: (reason) => {
        if (reason === 'cancel') controller.abort(new Error('stream cancelled'));
      },
    });
    let body: string;
    try {
      body = encodeStreamRequest(def, payload);
    } catch (error) {
      reader.fail(error);
      return reader;
    }
    const responder = this.#closed ? undefined : this.#pick(def.subject);
    if (!responder) {
      reader.fail(unavailable());
      return reader;
    }
    setImmediate(() => this.#answer(responder, body, options?.requestId, controller, reader));
    return reader;
  }

  #answer(
    responder: StreamResponder,
    body: string,
    requestId: string | undefined,
    controller: AbortController,
    reader: StreamReader<unknown>,
  ) {
    const emit = (frame: string) => setImmediate(() => reader.push(frame));
    // It beats as a NATS responder does, so a model silent for longer than the idle wait is not given up on.
    const beat = setInterval(() => emit(encodeFrame({ type: 'beat' })), this.pacing.beatMs);
    void responder.inFlight.track(
      answerStream(
        responder.def,
        responder.handler,
        { body, requestId, signal: controller.signal },
        emit,
        this.logger,
      ).finally(() => clearInterval(beat)),
    );
  }

  #pick(subject: string): StreamResponder | undefined {
    const members = this.#responders.get(subject) ?? [];
    if (members.length === 0) return undefined;
    const index = (this.#next.get(subject) ?? 0) % members.length;
    this.#next.set(subject, index + 1);
    return members[index];
  }
}

/** The bus's stream members over a router, refused once the bus is closing, tracked like its other subscriptions. */
export function streamMembers(
  router: StreamRouter,
  bus: {
    refuseWhenClosing: () => void;
    subscribe: (detach: () => void, settled: () => Promise<unknown>) => Subscription;
  },
): Pick<Bus, 'stream' | 'serveStream'> {
  return {
    stream: ((def, payload, options) => router.stream(def, payload, options)) as Bus['stream'],
    async serveStream(def, handler) {
      bus.refuseWhenClosing();
      const responder = router.add(def, handler as StreamHandler);
      return bus.subscribe(
        () => router.remove(responder),
        () => responder.inFlight.settled(),
      );
    },
  };
}

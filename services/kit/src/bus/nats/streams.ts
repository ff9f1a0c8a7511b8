import { createInbox, headers } from '@nats-io/transport-node';
import type { Msg, Subscription as NatsSubscription } from '@nats-io/nats-core';
import type { AnyStreamDef } from '@bookwright/contracts/bus';
import type { StreamHandler, StreamOptions, Subscription } from '../bus';
import { answerStream, encodeFrame, encodeStreamRequest, StreamReader, type StreamPacing } from '../streams';
import { stopOnce } from '../tracked-subscription';
import { InFlight, unavailable } from '../wire';
import type { NatsBusContext } from './context';

/*
 * A stream over core NATS: the request goes to the responders' queue group with a reply subject of its own
 * (an inbox). The responder publishes the frames there, and listens on `<inbox>.ctl` for the requester's
 * `cancel`. Both sides beat while they wait: a requester that hears nothing for `idleMs` ends the stream
 * with 503 (the responder died); a responder that hears nothing aborts its handler (the requester died).
 */

const REQUEST_ID_HEADER = 'Bw-Request-Id';
const CANCEL = 'cancel';
const BEAT = 'beat';

type StreamContextParts = Pick<NatsBusContext, 'nc' | 'logger' | 'bodies' | 'subject'>;

/** NATS answers a message with a reply subject nobody listens to with a 503 status message. */
const isNoResponders = (msg: Msg): boolean => msg.headers?.code === 503 && msg.data.length === 0;

export function natsStream<T>(
  context: StreamContextParts,
  pacing: StreamPacing,
  def: AnyStreamDef,
  payload: unknown,
  options: StreamOptions | undefined,
): StreamReader<T> {
  const { nc, logger, bodies, subject } = context;
  const inbox = createInbox();
  const control = `${inbox}.ctl`;
  // Set up after the reader, which releases them when the stream ends.
  const held: { sub?: NatsSubscription; beat?: NodeJS.Timeout } = {};
  const reader = new StreamReader<T>(def, {
    logger,
    pacing,
    timeoutMs: options?.timeoutMs,
    signal: options?.signal,
    close: (reason) => {
      clearInterval(held.beat);
      held.sub?.unsubscribe();
      if (reason === 'cancel' && !nc.isClosed()) nc.publish(control, CANCEL);
    },
  });
  let body: string;
  try {
    body = encodeStreamRequest(def, payload);
  } catch (error) {
    reader.fail(error);
    return reader;
  }
  try {
    held.sub = nc.subscribe(inbox, {
      callback: (error, msg) => {
        if (error || isNoResponders(msg)) return reader.fail(unavailable(error ?? undefined));
        reader.push(msg.string());
      },
    });
  } catch (error) {
    // A closed connection: to the caller, "try again later", as for a request.
    reader.fail(unavailable(error));
    return reader;
  }
  held.beat = setInterval(() => {
    if (!nc.isClosed()) nc.publish(control, BEAT);
  }, pacing.beatMs);
  const hdrs = headers();
  if (options?.requestId) hdrs.set(REQUEST_ID_HEADER, options.requestId);
  bodies
    .outgoing(body, hdrs)
    .then((bytes) => nc.publish(subject(def.subject), bytes, { reply: inbox, headers: hdrs }))
    .catch((error: unknown) => {
      logger.debug({ err: error, subject: def.subject }, 'stream request not sent');
      reader.fail(unavailable(error));
    });
  return reader;
}

/** A stream responder in a queue group (one member answers each request); stopping drains it. */
export async function natsServeStream(
  context: StreamContextParts,
  pacing: StreamPacing,
  def: AnyStreamDef,
  handler: StreamHandler,
  queue: string | undefined,
): Promise<Subscription> {
  const { nc, logger, bodies, subject } = context;
  const inFlight = new InFlight();
  const sub = nc.subscribe(subject(def.subject), {
    queue: queue ?? subject(def.subject),
    callback: (error, msg) => {
      if (error) return logger.error({ err: error, subject: def.subject }, 'stream responder subscription failed');
      if (!msg.reply) return;
      const reply = msg.reply;
      const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
      void inFlight.track(
        bodies
          .incoming(msg)
          .then((body) => answerOne(context, pacing, { def, handler, body, requestId, reply }))
          .catch((answerError: unknown) => logger.warn({ err: answerError, subject: def.subject }, 'stream failed')),
      );
    },
  });
  await nc.flush();
  return stopOnce(
    () => sub.drain().catch((error: unknown) => logger.debug({ err: error }, 'stream responder drain failed')),
    () => inFlight.settled(),
  );
}

/** Answers one stream: frames to `reply`, the requester's beats and cancel from `<reply>.ctl`. */
async function answerOne(
  context: StreamContextParts,
  pacing: StreamPacing,
  request: { def: AnyStreamDef; handler: StreamHandler; body: string; requestId: string | undefined; reply: string },
): Promise<void> {
  const { nc, logger } = context;
  const controller = new AbortController();
  let heard = Date.now();
  const control = nc.subscribe(`${request.reply}.ctl`, {
    callback: (_error, msg) => {
      heard = Date.now();
      if (msg?.string() === CANCEL) controller.abort(new Error('stream cancelled by the requester'));
    },
  });
  const emit = (frame: string) => {
    if (!nc.isClosed()) nc.publish(request.reply, frame);
  };
  const beat = setInterval(() => {
    if (Date.now() - heard > pacing.idleMs) controller.abort(new Error('the requester went quiet'));
    else emit(encodeFrame({ type: 'beat' }));
  }, pacing.beatMs);
  try {
    await answerStream(
      request.def,
      request.handler,
      { body: request.body, requestId: request.requestId, signal: controller.signal },
      emit,
      logger,
    );
  } finally {
    clearInterval(beat);
    control.unsubscribe();
  }
}

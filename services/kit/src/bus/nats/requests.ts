import { headers } from '@nats-io/transport-node';
import type { Subscription as NatsSubscription } from '@nats-io/nats-core';
import type { AnyRequestDef } from '@bookwright/contracts/bus';
import type { RequestContext, Subscription } from '../bus';
import { stopOnce } from '../tracked-subscription';
import { answerRequest, decodeReply, DEFAULT_REQUEST_TIMEOUT_MS, encodeRequest, InFlight, unavailable } from '../wire';
import type { NatsBusContext } from './context';

/** Carries `RequestOptions.requestId` to the responder, so both sides log the same id. */
const REQUEST_ID_HEADER = 'Bw-Request-Id';

/** Core NATS request/reply; no responder, a timeout or a closed connection are all "unavailable". */
export async function natsRequest(
  context: Pick<NatsBusContext, 'nc' | 'logger' | 'bodies' | 'subject'>,
  def: AnyRequestDef,
  payload: unknown,
  requestOptions?: { timeoutMs?: number; requestId?: string },
): Promise<unknown> {
  const { nc, logger, bodies, subject } = context;
  const encoded = encodeRequest(def, payload);
  const hdrs = headers();
  if (requestOptions?.requestId) hdrs.set(REQUEST_ID_HEADER, requestOptions.requestId);
  let replyBody: string;
  try {
    const body = await bodies.outgoing(encoded, hdrs);
    const reply = await nc.request(subject(def.subject), body, {
      timeout: requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      headers: hdrs,
    });
    replyBody = await bodies.incoming(reply);
  } catch (error) {
    // No responders, a timeout or a closed connection: to the caller they all mean "try again later".
    logger.debug({ err: error, subject: def.subject }, 'request got no answer');
    throw unavailable(error);
  }
  return decodeReply(def, replyBody, logger);
}

/** A responder in a queue group (one member of each group answers); stopping drains it. */
export async function natsServe(
  context: Pick<NatsBusContext, 'nc' | 'logger' | 'bodies' | 'subject'>,
  def: AnyRequestDef,
  handler: (payload: unknown, context: RequestContext) => Promise<unknown>,
  queue: string | undefined,
): Promise<Subscription> {
  const { nc, logger, bodies, subject } = context;
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
        bodies
          .incoming(msg)
          .then((body) => answerRequest(def, handler, body, requestId, logger))
          .then(async (answer) => {
            const replyHeaders = headers();
            msg.respond(await bodies.outgoing(answer, replyHeaders), { headers: replyHeaders });
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
  return stopOnce(
    () => sub.drain().catch((error: unknown) => logger.debug({ err: error }, 'responder drain failed')),
    () => inFlight.settled(),
  );
}

import type { EventHandler, Subscription } from '../bus';
import { stopOnce } from '../tracked-subscription';
import { decodeEvent, eventMeta, InFlight } from '../wire';
import type { NatsBusContext } from './context';

/**
 * A tail of live events. JetStream publishes are plain messages on their subject, so a core subscription
 * sees every one of them live, on every instance, without a consumer to clean up when the instance goes away.
 */
export async function natsTail(
  context: Pick<NatsBusContext, 'nc' | 'logger' | 'subject'>,
  handlers: EventHandler[],
): Promise<Subscription> {
  const { nc, logger, subject } = context;
  const inFlight = new InFlight();
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
  return stopOnce(
    () => {
      for (const sub of subs) sub.unsubscribe();
    },
    () => inFlight.settled(),
  );
}

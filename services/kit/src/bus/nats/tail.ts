import type { Subscription as NatsSubscription } from '@nats-io/nats-core';
import type { EventHandler, Subscription } from '../bus';
import { stopOnce } from '../tracked-subscription';
import { decodeEvent, eventMeta, InFlight } from '../wire';
import type { NatsBusContext } from './context';

/** One tail's handler of a subject, with the tail's own in-flight tracking. */
interface TailEntry {
  handler: EventHandler;
  inFlight: InFlight;
}

/** The one core subscription of a subject on a connection, and every tail's handler of it. */
interface SharedSubject {
  sub: NatsSubscription;
  entries: Set<TailEntry>;
}

const sharedByConnection = new WeakMap<NatsBusContext['nc'], Map<string, SharedSubject>>();

/**
 * A tail of live events. JetStream publishes are plain messages on their subject, so a core subscription
 * sees every one of them live, on every instance, without a consumer to clean up when the instance goes away.
 * Tails of the same subject on one connection share one subscription: the gateway tails `book.updated` for
 * three read models, and the server would otherwise send it each event three times. Each handler still
 * decodes the event itself, as on the in-process bus, so no handler sees another's object.
 */
export async function natsTail(
  context: Pick<NatsBusContext, 'nc' | 'logger' | 'subject'>,
  handlers: EventHandler[],
): Promise<Subscription> {
  const { nc, logger, subject } = context;
  const inFlight = new InFlight();
  const subjects = sharedByConnection.get(nc) ?? new Map<string, SharedSubject>();
  sharedByConnection.set(nc, subjects);
  const added: Array<{ name: string; entry: TailEntry }> = [];
  for (const handler of handlers) {
    const name = subject(handler.def.subject);
    let one = subjects.get(name);
    if (!one) {
      const entries = new Set<TailEntry>();
      const sub = nc.subscribe(name, {
        callback: (error, msg) => {
          if (error) return logger.warn({ err: error, subject: name }, 'tail subscription failed');
          const body = msg.string();
          for (const entry of entries) deliver(entry, body, logger);
        },
      });
      one = { sub, entries };
      subjects.set(name, one);
    }
    const entry = { handler, inFlight };
    one.entries.add(entry);
    added.push({ name, entry });
  }
  await nc.flush();
  return stopOnce(
    () => {
      for (const { name, entry } of added) {
        const one = subjects.get(name);
        if (!one) continue;
        one.entries.delete(entry);
        if (one.entries.size > 0) continue;
        one.sub.unsubscribe();
        subjects.delete(name);
      }
    },
    () => inFlight.settled(),
  );
}

function deliver({ handler, inFlight }: TailEntry, body: string, logger: NatsBusContext['logger']): void {
  const decoded = decodeEvent(handler.def, body);
  if (!decoded.ok) return;
  const eventLogger = logger.child({ eventId: decoded.envelope.id, tail: true });
  void inFlight
    .track(handler.handle(decoded.data, eventMeta(decoded.envelope, 1, eventLogger)))
    .catch((handlerError: unknown) => eventLogger.warn({ err: handlerError }, 'tail handler failed'));
}

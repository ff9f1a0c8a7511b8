import type { Logger } from '../../logger/logger';
import type { EventHandler } from '../bus';
import { decodeEvent, eventMeta, InFlight } from '../wire';
import type { BusTimers } from './timers';

export interface Tailer {
  handlers: EventHandler[];
  inFlight: InFlight;
}

/** Tails: every tailer sees each event once as it is published, with no ack, retry or cursor. */
export class Tails {
  readonly #tailers = new Set<Tailer>();

  constructor(
    private readonly logger: Logger,
    private readonly timers: BusTimers,
  ) {}

  add(handlers: EventHandler[]): Tailer {
    const tailer = { handlers, inFlight: new InFlight() };
    this.#tailers.add(tailer);
    return tailer;
  }

  remove(tailer: Tailer): void {
    this.#tailers.delete(tailer);
  }

  publish(subject: string, body: string): void {
    for (const tailer of this.#tailers) {
      for (const handler of tailer.handlers) {
        if (handler.def.subject !== subject) continue;
        // A later tick, like every other delivery: never inside the publisher's call.
        this.timers.set(() => void this.#deliver(handler, body, tailer.inFlight), 0);
      }
    }
  }

  async #deliver(handler: EventHandler, body: string, inFlight: InFlight): Promise<void> {
    const decoded = decodeEvent(handler.def, body);
    if (!decoded.ok) return;
    const eventLogger = this.logger.child({ eventId: decoded.envelope.id, tail: true });
    await inFlight
      .track(handler.handle(decoded.data, eventMeta(decoded.envelope, 1, eventLogger)))
      .catch((error: unknown) => eventLogger.warn({ err: error }, 'tail handler failed'));
  }
}

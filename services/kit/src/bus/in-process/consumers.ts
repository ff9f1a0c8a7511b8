import type { ConsumerBacklog, EventHandler } from '../bus';
import type { ResolvedConsumeOptions } from '../redelivery';
import { InFlight } from '../wire';
import { type ConsumerWorld, DurableConsumer, type Worker } from './durable-consumer';

/** The durable consumers of one bus, one per (durable, subject), created on first use. */
export class Consumers {
  readonly #byKey = new Map<string, DurableConsumer>();

  constructor(private readonly world: ConsumerWorld) {}

  /** Attaches a worker for `handler` to its consumer; the latest settings win, as when a JetStream consumer's config is updated. */
  attach(
    durable: string,
    handler: EventHandler,
    config: ResolvedConsumeOptions,
  ): { consumer: DurableConsumer; worker: Worker } {
    const key = `${durable}\u0000${handler.def.subject}`;
    let consumer = this.#byKey.get(key);
    if (!consumer)
      this.#byKey.set(key, (consumer = new DurableConsumer(durable, handler.def.subject, config, this.world)));
    consumer.config = config;
    const worker: Worker = { handler, inFlight: new InFlight() };
    consumer.addWorker(worker);
    return { consumer, worker };
  }

  /** A new event on `subject`: its consumers look for work on a later tick. */
  wake(subject: string): void {
    for (const consumer of this.#byKey.values()) if (consumer.subject === subject) consumer.schedule();
  }

  /** What each consumer with a worker here could start now, and when it last started one. */
  backlog(): ConsumerBacklog[] {
    return [...this.#byKey.values()]
      .filter((consumer) => consumer.attached)
      .map((consumer) => ({
        consumer: `${consumer.durable}/${consumer.subject}`,
        waiting: consumer.waiting(),
        lastStartedAt: consumer.lastStartedAt,
      }));
  }
}

import { Gauge } from 'prom-client';
import { processRegistry } from '../metrics/registry';

interface BacklogSource {
  readonly service: string;
  backlog(): Promise<number>;
}

const running = new Set<BacklogSource>();

/** Read on every scrape from each running relay: an outbox that keeps growing means events are not leaving. */
new Gauge({
  name: 'bookwright_outbox_backlog',
  help: 'Committed events waiting in a service outbox to be published.',
  labelNames: ['service'] as const,
  registers: [processRegistry],
  async collect() {
    this.reset();
    for (const relay of running) {
      const count = await relay.backlog().catch(() => undefined);
      if (count !== undefined) this.inc({ service: relay.service }, count);
    }
  },
});

export function trackOutbox(relay: BacklogSource): () => void {
  running.add(relay);
  return () => running.delete(relay);
}

import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's metrics: Node's own (CPU, memory, event-loop lag, GC) and every metric the kit and the
 * services define. Served as Prometheus text on the health port (`GET /metrics`), never on the public port.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'bookwright_' });

/** Registries owned by something that can come and go (the gateway's HTTP metrics), merged in on scrape. */
const attached = new Set<Registry>();

/** Serves `registry` with the process's metrics until the returned function is called. */
export function attachRegistry(registry: Registry): () => void {
  attached.add(registry);
  return () => attached.delete(registry);
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const merged = attached.size === 0 ? processRegistry : Registry.merge([processRegistry, ...attached]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

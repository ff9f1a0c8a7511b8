import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import { Registry } from 'prom-client';
import { attachRegistry } from '@bookwright/kit';

/**
 * Request counts and latency histograms per route, method and status (fastify-metrics). They live in a
 * registry of this gateway's own, served on the health port with the process's other metrics, and the
 * public port exposes no /metrics.
 */
export async function registerHttpMetrics(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    endpoint: null,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      // The histogram gives every quantile Prometheus needs; a summary kept a t-digest per route and cost
      // about 4% of the gateway's CPU on its busiest route.
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: true,
      overrides: {
        histogram: {
          name: 'bookwright_http_request_duration_seconds',
          registers: [registry],
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        },
        // fastify-metrics creates the summary even when it is off: in this gateway's registry, not the
        // global default one, where a second gateway in the process (tests, restarts) would clash.
        summary: { name: 'bookwright_http_request_summary_seconds', registers: [registry] },
      },
    },
  });
  const detach = attachRegistry(registry);
  app.addHook('onClose', async () => detach());
}

import type { FastifyInstance } from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { attachRegistry } from '@bookwright/kit';

type Observer = Pick<Histogram.Internal<string>, 'observe'>;

/**
 * Request counts and latency histograms per route, method and status, in a registry of this gateway's
 * own, served on the health port with the process's other metrics (the public port exposes no /metrics).
 * Only requests that matched a route are counted, labelled with its pattern, not the path.
 *
 * One `onResponse` hook with Fastify's own `reply.elapsedTime`, and each (method, route, status) series
 * looked up once: fastify-metrics, used before, started a prom-client timer per request and hashed the
 * label object on every observation, about 5% of the gateway's CPU on `GET /book` (bench/README.md).
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'bookwright_http_request_duration_seconds',
    help: 'request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const series = new Map<string, Observer>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined) {
      const status = String(reply.statusCode);
      const key = `${request.method} ${status} ${route}`;
      let observer = series.get(key);
      if (!observer) {
        observer = histogram.labels({ method: request.method, route, status_code: status });
        series.set(key, observer);
      }
      observer.observe(reply.elapsedTime / 1000);
    }
    done();
  });
  const detach = attachRegistry(registry);
  app.addHook('onClose', async () => detach());
}

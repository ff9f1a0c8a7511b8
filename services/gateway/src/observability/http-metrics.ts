import type { FastifyInstance } from 'fastify';
import { Registry, type MetricValueWithName } from 'prom-client';
import { attachRegistry } from '@bookwright/kit';

export const requestDurationMetric = 'bookwright_http_request_duration_seconds';
export const requestDurationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  labels: { method: string; route: string; status_code: string };
  /**
   * Observations per bucket, not cumulative: `bucketCounts[i]` holds those ≤ requestDurationBuckets[i] and
   * above the bound before; the last slot is +Inf.
   */
  bucketCounts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, counted in plain arrays. prom-client's `Histogram` validates and hashes
 * the label object on every observation, even through a child from `labels()`: on `GET /book` that was 4–5%
 * of the gateway's CPU (bench/README.md). Here a request costs one Map lookup by a string key and three
 * increments; prom-client still formats and merges it like any metric (a registry takes any object with
 * `name`, `help`, `type` and `get()`), and the text is the same as a prom-client histogram's.
 */
export class RequestDurations {
  readonly name = requestDurationMetric;
  readonly help = 'request duration in seconds';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        bucketCounts: new Float64Array(requestDurationBuckets.length + 1),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < requestDurationBuckets.length && seconds > (requestDurationBuckets[bucket] as number)) bucket += 1;
    series.bucketCounts[bucket] = (series.bucketCounts[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** What a registry formats: the shape prom-client's own metrics answer. */
  async get() {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, bucketCounts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      requestDurationBuckets.forEach((le, i) => {
        cumulative += bucketCounts[i] as number;
        values.push({ metricName: `${requestDurationMetric}_bucket`, labels: { le, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${requestDurationMetric}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${requestDurationMetric}_sum`, labels, value: sum });
      values.push({ metricName: `${requestDurationMetric}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/**
 * Request counts and latency histograms per route, method and status, in a registry of this gateway's
 * own, served on the health port with the process's other metrics (the public port exposes no /metrics).
 * Only requests that matched a route are counted, labelled with its pattern, not the path. One `onResponse`
 * hook with Fastify's own `reply.elapsedTime`.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  const durations = new RequestDurations();
  registry.registerMetric(durations as never);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined) durations.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const detach = attachRegistry(registry);
  app.addHook('onClose', async () => detach());
}

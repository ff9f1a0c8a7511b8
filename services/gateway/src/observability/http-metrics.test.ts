import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations, requestDurationBuckets, requestDurationMetric } from './http-metrics';

interface Observation {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

const observation: fc.Arbitrary<Observation> = fc.record({
  method: fc.constantFrom('GET', 'PATCH', 'POST'),
  route: fc.constantFrom('/api/v1/book', '/api/v1/book/:bookId', '/api/v1/user/"quoted"\\route'),
  status: fc.constantFrom(200, 304, 400, 500),
  // Bucket edges exactly, and anything between and beyond them.
  seconds: fc.oneof(fc.constantFrom(0, 0.005, 0.01, 0.1, 10), fc.double({ min: 0, max: 20, noNaN: true })),
});

/** The text prom-client's own Histogram gives for the same observations. */
async function promClientText(observations: Observation[]): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({
    name: requestDurationMetric,
    help: 'request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [...requestDurationBuckets],
    registers: [registry],
  });
  for (const o of observations)
    histogram.observe({ method: o.method, route: o.route, status_code: String(o.status) }, o.seconds);
  return registry.metrics();
}

async function ownText(observations: Observation[]): Promise<string> {
  const registry = new Registry();
  const durations = new RequestDurations();
  registry.registerMetric(durations as never);
  for (const o of observations) durations.observe(o.method, o.route, o.status, o.seconds);
  return registry.metrics();
}

/** Series may come out in another order: compare the lines of each as a set per series. */
const sortedLines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('RequestDurations', () => {
  it('formats the same exposition text as a prom-client Histogram fed the same observations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const [theirs, ours] = await Promise.all([promClientText(observations), ownText(observations)]);
        expect(sortedLines(ours)).toEqual(sortedLines(theirs));
      }),
    );
  });

  it('merges into another registry like any metric', async () => {
    const durations = new RequestDurations();
    const own = new Registry();
    own.registerMetric(durations as never);
    durations.observe('GET', '/api/v1/book', 200, 0.003);
    durations.observe('GET', '/api/v1/book', 200, 0.2);
    const text = await Registry.merge([new Registry(), own]).metrics();
    expect(text).toContain('# TYPE bookwright_http_request_duration_seconds histogram');
    expect(text).toContain(
      'bookwright_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/book",status_code="200"} 1',
    );
    expect(text).toContain(
      'bookwright_http_request_duration_seconds_count{method="GET",route="/api/v1/book",status_code="200"} 2',
    );
  });
});

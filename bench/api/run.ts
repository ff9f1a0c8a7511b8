/**
 * The Enterprise API (issue 45): what a token costs at the gateway, and how fast and how surely webhooks go
 * out. Figures against anchors of the same run, never thresholds in a test.
 *
 * - `GET /api/v1/book` with `Authorization: Bearer`, `--connections` (20) connections taking the authors in
 *   turn, against a bare Fastify route answering the same bytes (bare-server.ts, a process of its own); the
 *   same with the authors' cookie sessions. Both ratios are printed; target: the bearer ratio ≥ the cookie
 *   session's and ≥ 0.30×. The system is `npm start`'s all-in-one process (embedded), each author's book
 *   written before anything is measured. The windows run in turns, short and many: `--rounds` (48) of bare,
 *   cookie, bearer, bearer, cookie, each `--seconds` (2) long, then bare; each figure is the mean of its
 *   windows. On this 2-core virtual machine the same path's CPU per request moved by a third from window to
 *   window (76–138 µs), in spells longer than a 10-second window: with two-second windows in mirrored pairs a
 *   spell falls on both paths of its round, and a few percent between them shows through (bench/README). The
 *   rounds in which the bearer path served at least the cookie's, and the mean of the rounds' ratios with its
 *   interval, are printed beside the means. 48 rounds, not 16: the two paths cost within a few percent of each
 *   other, and 16 rounds gave intervals of ±2–9% (session 32: 16 rounds put the bearer path 0.3% behind in one
 *   run and 4–5% ahead in two; 48 rounds, three times, 2–4% ahead with intervals above 1).
 * - Webhook dispatch: `--events` (5,000) `book.ready` events published on the bus at `--rate` (100/s) to one
 *   endpoint, its receiver healthy (receiver.ts, a process of its own): all must arrive, p99 from the event
 *   (its `createdAt`, the time it was published) to its arrival ≤ 2 s.
 * - The same with a receiver failing 10% of attempts at random (500), WEBHOOK_RETRY_BASE_MS 50: every event
 *   must arrive with a 200 in the end, none lost.
 *
 * The webhook figures run the webhooks service itself in this process (its consumers, its table, its
 * dispatcher; PGlite and the in-process bus, or PostgreSQL and NATS when DATABASE_URL and NATS_URL are
 * set), with the events published on its bus as the book service's outbox relay publishes them. Why not
 * the whole system: the embedded system's bus is inside its process, and making 5,000 real book events
 * (books planned and written) would measure the writer, not the webhooks. Why not `POST /webhooks/{id}/test`:
 * it writes the delivery row itself, skipping the consumer and the fan-out that a book event goes through.
 * The events name the endpoint's owner as the book's owner, so the fan-out asks the book service nothing
 * (a shared book's event would add one access request per endpoint).
 *
 *   node --import tsx bench/api/run.ts [--seconds 2] [--rounds 48] [--connections 20] [--authors 10] [--events 5000] [--rate 100] [--only gateway|webhooks]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { events } from '@bookwright/contracts/events';
import { noPlanBillingSummary, type CreatedApiToken, type WebhookWithSecret } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { silentLogger, type Bus, type Subscription } from '@bookwright/kit';
import { createServiceTestWorld, type BusFake } from '@bookwright/kit/testing';
import { webhooksService } from '@bookwright/webhooks';
import { runAdmin } from '../../scripts/admin/admin';
import { HttpClient, newAccount } from '../../tests/support/test-system';
import { writeBook } from '../load/authors';
import { startBareServer, startSystemProcess, type SystemProcess } from '../load/system-process';
import { printResults, type BenchFigure } from '../support/results';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '48' },
    connections: { type: 'string', default: '20' },
    authors: { type: 'string', default: '10' },
    events: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '100' },
    // One part alone: `gateway` (the GET /api/v1/book rows) or `webhooks` (the dispatch rows).
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const authorCount = Number(values.authors);
const eventCount = Number(values.events);
const rate = Number(values.rate);
const targets = { bearerRatio: 0.3, p99Ms: 2_000 };
/** Unmeasured load on each path before the windows. */
const warmUpSeconds = 3;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

// ---------------------------------------------------------------------------------------------------------
// GET /api/v1/book: bearer token and cookie session, each against the bare route

interface Person {
  email: string;
  password: string;
  cookie: string;
  token: string;
}

/** Accounts on Enterprise (the API's plan), each signed in, with a `books:read` token and one planned book. */
async function preparePeople(): Promise<{ people: Person[]; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bookwright-api-bench-'));
  const env = { DATA_DIR: dataDir, API_TOKEN_RATE_LIMIT: '1000000000' };
  // Enterprise is set by hand, as an operator does (`npm run admin -- set-plan`), on the stopped system's
  // database: the embedded PGlite is the running process's alone.
  const first = await startSystemProcess('embedded', env);
  const accounts = Array.from({ length: authorCount }, () => newAccount());
  try {
    for (const account of accounts) {
      const signUp = await new HttpClient(first.url).post('/api/v1/auth/sign-up', account);
      if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${JSON.stringify(signUp.body)}`);
    }
  } finally {
    await first.stop();
  }
  for (const account of accounts) {
    const done = await runAdmin(['set-plan', account.email, 'enterprise'], { DATA_DIR: dataDir }, silentLogger());
    if (done.exitCode !== 0) throw new Error(done.output);
  }
  return { people: accounts.map((a) => ({ email: a.email, password: a.password, cookie: '', token: '' })), dataDir };
}

function measure(options: autocannon.Options): Promise<Result> {
  return autocannon({ ...options, connections, duration: seconds });
}
const rps = (r: Result) => r.requests.average;
const errorsOf = (r: Result) => r.errors + r.timeouts + r.non2xx;

/** Signs each person in, gives them a `books:read` token and a planned book, and keeps both credentials. */
async function signInEveryone(url: string, people: Person[]): Promise<void> {
  for (const [i, person] of people.entries()) {
    const client = new HttpClient(url);
    const login = await client.post('/api/v1/auth/login', { email: person.email, password: person.password });
    if (login.status >= 300) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    const token = await client.post<CreatedApiToken>('/api/v1/tokens', { name: 'bench', scopes: ['books:read'] });
    if (token.status !== 201) throw new Error(`token: ${token.status} ${JSON.stringify(token.body)}`);
    person.token = token.body.token;
    // A library of one written book each (the offline planner and writer), so the list is not empty.
    await writeBook(client, i);
    person.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

type Path = 'bare' | 'cookie' | 'bearer';

/** One round's windows: the anchor, then the two paths in mirrored order (cookie, bearer, bearer, cookie). */
const roundTurns = ['bare', 'cookie', 'bearer', 'bearer', 'cookie'] as const;

/**
 * The gateway windows in turns: `rounds` rounds of bare, cookie, bearer, bearer, cookie, then bare once more,
 * after both paths warmed, with the system's CPU per request beside each path's rate: what a path costs the
 * server, apart from the load generator that shares its two cores. Short windows, many of them: the
 * machine's slow spells last longer than a window, so each falls on both paths of its round alike.
 */
async function measureInTurns(
  system: SystemProcess,
  bareUrl: string,
  asCookie: autocannon.Request[],
  asBearer: autocannon.Request[],
): Promise<{ runs: Record<Path, Result[]>; cpuPerRequest: Record<'cookie' | 'bearer', number[]> }> {
  const runs: Record<Path, Result[]> = { bare: [], cookie: [], bearer: [] };
  const cpuPerRequest: Record<'cookie' | 'bearer', number[]> = { cookie: [], bearer: [] };
  const window = async (name: Path): Promise<string> => {
    const cpuBefore = await system.cpuMs();
    const result =
      name === 'bare'
        ? await measure({ url: `${bareUrl}/api/v1/book` })
        : await measure({ url: system.url, requests: name === 'cookie' ? asCookie : asBearer });
    runs[name].push(result);
    const errors = errorsOf(result) > 0 ? ` (${errorsOf(result)} errors)` : '';
    if (name === 'bare') return `bare ${rps(result).toFixed(0)}${errors}`;
    const perRequest = ((await system.cpuMs()) - cpuBefore) / result.requests.total;
    cpuPerRequest[name].push(perRequest);
    return `${name} ${rps(result).toFixed(0)}/${(perRequest * 1000).toFixed(0)} µs${errors}`;
  };
  // Both paths warm before anything is measured: setting up signed in (cookie) but sent one bearer request,
  // so the first bearer window carried the JIT's and the token cache's first moments and the cookie's none.
  for (const requests of [asCookie, asBearer])
    await autocannon({ url: system.url, requests, connections, duration: warmUpSeconds });
  console.log('  each round: req/s and the system CPU a request, window by window');
  for (let round = 1; round <= rounds; round += 1) {
    const line: string[] = [];
    for (const name of roundTurns) line.push(await window(name));
    console.log(`  round ${String(round).padStart(2)}: ${line.join(', ')}  (load ${load()})`);
  }
  console.log(`  closing: ${await window('bare')}`);
  return { runs, cpuPerRequest };
}

/**
 * The two paths round by round: each round holds two windows of each, so the comparison within a round has the
 * machine's spell in common. How many rounds the bearer path led, and the mean of the rounds' bearer/cookie
 * ratios with its 95% interval (± 2 standard errors): an interval across 1 says the run cannot tell the two apart.
 */
function pairedComparison(runs: Record<Path, Result[]>): string {
  const ratios = Array.from({ length: rounds }, (_, r) => {
    const served = (name: 'cookie' | 'bearer') => rps(runs[name][2 * r]!) + rps(runs[name][2 * r + 1]!);
    return served('bearer') / served('cookie');
  });
  const mean = ratios.reduce((sum, x) => sum + x, 0) / ratios.length;
  const variance = ratios.reduce((sum, x) => sum + (x - mean) ** 2, 0) / Math.max(1, ratios.length - 1);
  const margin = 2 * Math.sqrt(variance / ratios.length);
  const led = ratios.filter((x) => x >= 1).length;
  return (
    `bearer/cookie round by round: led in ${led} of ${rounds} rounds; mean ${mean.toFixed(3)} ` +
    `(95% interval ${(mean - margin).toFixed(3)}–${(mean + margin).toFixed(3)})`
  );
}

async function gatewayFigures(): Promise<BenchFigure[]> {
  const { people, dataDir } = await preparePeople();
  const system = await startSystemProcess('embedded', { DATA_DIR: dataDir, API_TOKEN_RATE_LIMIT: '1000000000' });
  try {
    await signInEveryone(system.url, people);
    const sample = await fetch(`${system.url}/api/v1/book`, {
      headers: { authorization: `Bearer ${people[0]!.token}` },
    });
    const library = await sample.text();
    if (!sample.ok) throw new Error(`GET /book with a token: ${sample.status} ${library}`);
    const bare = await startBareServer('bench/api/bare-server.ts', { BARE_BODY: library });
    const asCookie = people.map((p) => ({
      method: 'GET' as const,
      path: '/api/v1/book',
      headers: { cookie: p.cookie },
    }));
    const asBearer = people.map((p) => ({
      method: 'GET' as const,
      path: '/api/v1/book',
      headers: { authorization: `Bearer ${p.token}` },
    }));
    try {
      console.log(
        `  ${people.length} Enterprise accounts, each with a token and a written book (${library.length} B lists)`,
      );
      const { runs, cpuPerRequest } = await measureInTurns(system, bare.url, asCookie, asBearer);
      const mean = (name: Path) => runs[name].reduce((sum, r) => sum + rps(r), 0) / runs[name].length;
      const p99 = (name: Path) => Math.max(...runs[name].map((r) => r.latency.p99));
      const errors = (name: Path) => runs[name].reduce((sum, r) => sum + errorsOf(r), 0);
      const anchor = mean('bare');
      const cookieRatio = mean('cookie') / anchor;
      const bearerRatio = mean('bearer') / anchor;
      console.log(
        `  GET /api/v1/book: bearer ${bearerRatio.toFixed(3)}× (p99 ${p99('bearer')} ms, errors ${errors('bearer')}), ` +
          `cookie session ${cookieRatio.toFixed(3)}× (p99 ${p99('cookie')} ms, errors ${errors('cookie')}) of the bare route's ${anchor.toFixed(0)} req/s`,
      );
      console.log(`  ${pairedComparison(runs)}`);
      const meanCpu = (name: 'cookie' | 'bearer') =>
        (1000 * cpuPerRequest[name].reduce((sum, ms) => sum + ms, 0)) / cpuPerRequest[name].length;
      console.log(
        `  the system's CPU a request (mean of the windows): bearer ${meanCpu('bearer').toFixed(0)} µs, cookie ${meanCpu('cookie').toFixed(0)} µs`,
      );
      return [
        {
          figure: `api: GET /api/v1/book, bearer token, ${connections} connections`,
          value: Math.round(mean('bearer')),
          unit: 'req/s',
          anchor: { name: 'bare Fastify route', value: Math.round(anchor) },
          ratio: bearerRatio,
          target: `≥ ${targets.bearerRatio}× and ≥ the cookie's ${cookieRatio.toFixed(3)}×; 0 errors`,
          met: bearerRatio >= targets.bearerRatio && bearerRatio >= cookieRatio && errors('bearer') === 0,
        },
        {
          figure: `api: GET /api/v1/book, cookie session, ${connections} connections`,
          value: Math.round(mean('cookie')),
          unit: 'req/s',
          anchor: { name: 'bare Fastify route', value: Math.round(anchor) },
          ratio: cookieRatio,
        },
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await system.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Webhook dispatch

/** Billing: the bench's owner is on Enterprise (making an endpoint asks). */
class EnterpriseBilling implements BusFake {
  private subscription: Subscription | undefined;
  async serve(bus: Bus) {
    this.subscription = await bus.serve(requests.billing.getSummary, async () => ({
      ...noPlanBillingSummary,
      accountType: 'enterprise' as const,
    }));
  }
  async stop() {
    await this.subscription?.stop();
  }
}

interface Call {
  eventId: string;
  createdAt: number;
  webhookId: string;
  arrivedAt: number;
  status: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Publishes `eventCount` book.ready events at `rate` per second to one new endpoint whose receiver fails
 * `failRate` of its calls, and waits (up to two minutes after the last) until every event got a 200.
 */
async function dispatch(bus: Bus, failRate: number, label: string) {
  const receiver = await startBareServer('bench/api/receiver.ts', { FAIL_RATE: String(failRate) });
  const owner = 'bench-owner';
  const endpoint = (await bus.request(requests.webhooks.createWebhook, {
    userId: owner,
    url: `${receiver.url}/hooks`,
    events: ['book.ready'],
  })) as WebhookWithSecret;
  try {
    const startedAt = performance.now();
    const ids = new Set<string>();
    for (let i = 0; i < eventCount; i++) {
      // Steady: the i-th event leaves at i / rate seconds from the start.
      const due = startedAt + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = `${label}-${i}-${endpoint.id}`;
      ids.add(id);
      await bus.publish(events.bookReady, { bookId: `book-${i}`, userId: owner, words: 100, pages: 1 }, { id });
    }
    const publishedIn = (performance.now() - startedAt) / 1000;
    const calls = async () => (await (await fetch(`${receiver.url}/calls`)).json()) as Call[];
    const deadline = Date.now() + 120_000;
    let got: Call[] = [];
    for (;;) {
      got = await calls();
      const delivered = new Set(got.filter((c) => c.status === 200).map((c) => c.eventId));
      if (delivered.size >= ids.size || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const doneIn = (performance.now() - startedAt) / 1000;
    const firstOk = new Map<string, Call>();
    for (const call of got) if (call.status === 200 && !firstOk.has(call.eventId)) firstOk.set(call.eventId, call);
    const lost = [...ids].filter((id) => !firstOk.has(id)).length;
    const latencies = [...firstOk.values()].map((c) => c.arrivedAt - c.createdAt).sort((a, b) => a - b);
    const idsPerEvent = new Map<string, Set<string>>();
    for (const call of got)
      idsPerEvent.set(call.eventId, (idsPerEvent.get(call.eventId) ?? new Set()).add(call.webhookId));
    const oneIdEach = [...idsPerEvent.values()].every((s) => s.size === 1);
    const result = {
      delivered: firstOk.size,
      lost,
      attempts: got.length,
      failedAttempts: got.filter((c) => c.status !== 200).length,
      p50: latencies.length ? quantile(latencies, 0.5) : NaN,
      p99: latencies.length ? quantile(latencies, 0.99) : NaN,
      max: latencies.at(-1) ?? NaN,
      oneIdEach,
    };
    console.log(
      `  ${label}: ${eventCount} events published in ${publishedIn.toFixed(1)} s (${(eventCount / publishedIn).toFixed(0)}/s), ` +
        `all answered 200 by ${doneIn.toFixed(1)} s; delivered ${result.delivered}, lost ${lost}, ` +
        `${result.attempts} calls (${result.failedAttempts} answered 500), one webhook-id per event: ${oneIdEach}; ` +
        `event to delivery p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms (load ${load()})`,
    );
    return result;
  } finally {
    await bus.request(requests.webhooks.deleteWebhook, { userId: owner, webhookId: endpoint.id });
    await receiver.stop();
  }
}

async function webhookFigures(): Promise<BenchFigure[]> {
  const world = await createServiceTestWorld({ service: 'webhooks', fakes: [new EnterpriseBilling()] });
  try {
    await world.start(webhooksService, {
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '50' },
    });
    const healthy = await dispatch(world.bus, 0, 'healthy');
    const flaky = await dispatch(world.bus, 0.1, 'failing-10%');
    return [
      {
        figure: `api: webhook dispatch, ${eventCount} events at ${rate}/s, healthy receiver: p99 event to delivery`,
        value: healthy.p99,
        unit: 'ms',
        target: `all delivered; p99 ≤ ${targets.p99Ms} ms`,
        met: healthy.lost === 0 && healthy.oneIdEach && healthy.p99 <= targets.p99Ms,
      },
      {
        figure: `api: webhook dispatch, ${eventCount} events at ${rate}/s, receiver failing 10%: events lost`,
        value: flaky.lost,
        unit: 'events',
        target: 'every event delivered, none lost',
        met: flaky.lost === 0 && flaky.oneIdEach,
      },
    ];
  } finally {
    await world.stop();
  }
}

console.log(`api bench (load average at start: ${load()})`);
const figures = [
  ...(values.only === 'webhooks' ? [] : await gatewayFigures()),
  ...(values.only === 'gateway' ? [] : await webhookFigures()),
];
console.log(`  load average at the end: ${load()}`);
printResults('api', figures);

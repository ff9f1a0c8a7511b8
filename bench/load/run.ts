/**
 * Load bench (issue 13): signed-in authors list their books, open one, ask who they are and save a
 * manuscript while other books are being written, against the embedded mode and (with DATABASE_URL and NATS_URL) the distributed
 * mode. Each route's throughput is printed as a ratio against a bare Fastify route measured in the same
 * run, just before that mode's system starts; afterwards every saved manuscript is read back and compared byte for byte.
 *
 * The distributed `GET /book` must hold its target in every run of eight (issue 22): that mode measures
 * the route `--list-runs` times (default 8; embedded once), each a window of `--seconds`, and its row is
 * the lowest of them, met only if every one is.
 *
 *   node --import tsx bench/load/run.ts [--seconds 10] [--connections 50] [--authors 10] [--mode embedded|distributed|both] [--list-runs 8]
 */
import autocannon, { type Result } from 'autocannon';
import { parseArgs } from 'node:util';
import { printResults, type BenchFigure } from '../support/results';
import { asAuthors, prepareAuthors, startBook, type Author } from './authors';
import { startBareServer, startSystemProcess, type Mode } from './system-process';
import { measureOpenAndSave } from './open-save';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    authors: { type: 'string', default: '10' },
    mode: { type: 'string' },
    'list-runs': { type: 'string' },
  },
});
const listRuns = (mode: Mode) => (mode === 'distributed' ? Number(values['list-runs'] ?? 8) : 1);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const authorCount = Number(values.authors);
const haveServers = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
const modes: Mode[] =
  values.mode === 'embedded' || values.mode === 'distributed'
    ? [values.mode]
    : haveServers
      ? ['embedded', 'distributed']
      : ['embedded'];
// Issue 22: 0.30 in both modes (issue 13 asked for 0.15 and 0.25).
const targets: Record<Mode, number> = { embedded: 0.3, distributed: 0.3 };
const p99TargetMs = 50;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const measure = (r: Result): Measured => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
});

function run(options: autocannon.Options): Promise<Result> {
  return autocannon({ ...options, duration: seconds });
}

/** Books of these authors still being written (the library's statuses, one list request per author). */
async function booksBeingWritten(authors: Author[]): Promise<number> {
  const lists = await Promise.all(authors.map((a) => a.client.get<{ status: string }[]>('/api/v1/book')));
  return lists.reduce(
    (sum, list) => sum + (Array.isArray(list.body) ? list.body : []).filter((b) => b.status === 'writing').length,
    0,
  );
}

function manuscript(author: number, save: number): string {
  const paragraph = (n: number) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Author ${author}, save ${save}, paragraph ${n}: the map redrew itself at dusk.` }],
  });
  return JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] },
      ...Array.from({ length: 40 }, (_, n) => paragraph(n)),
    ],
  });
}

/**
 * The anchor: a bare Fastify route, measured alone just before each mode's system starts. The machine's
 * speed drifts by a fifth or more within minutes (it is a shared VM), so one anchor at the start of the run
 * would compare the later mode against a different machine.
 */
async function measureBare(): Promise<Measured> {
  const bareServer = await startBareServer();
  try {
    return measure(await run({ url: `${bareServer.url}/api/v1/book`, connections }));
  } finally {
    await bareServer.stop();
  }
}

async function loadMode(mode: Mode): Promise<BenchFigure[]> {
  const bare = await measureBare();
  console.log(`\n== ${mode}: bare Fastify route ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`);
  console.log(`   starting the system…`);
  const system = await startSystemProcess(mode);
  try {
    const authors = await prepareAuthors(system.url, authorCount);
    // Books being written while the load runs.
    await Promise.all(authors.map((a, i) => startBook(a.client, 1000 + i)));
    console.log(`   ${authors.length} authors signed in, each with a ready book and one being written`);

    // How much of a window the background writing overlapped changes its figure (the writing takes up to a
    // core while it lasts), so each route says how many books were still being written when it ended.
    const stillWriting: number[] = [];
    const after = async (measured: Measured) => {
      stillWriting.push(await booksBeingWritten(authors));
      return measured;
    };
    const listed: Measured[] = [];
    for (let n = 0; n < listRuns(mode); n += 1) {
      listed.push(
        measure(await run({ url: system.url, connections, requests: asAuthors(authors, () => '/api/v1/book') })),
      );
    }
    if (listed.length > 1) {
      console.log(
        `   GET /book, ${listed.length} runs: ${listed.map((m) => `${(m.rps / bare.rps).toFixed(3)}×`).join(' ')}`,
      );
    }
    // The slowest run is the row: the target holds in every run or not at all.
    const list = await after(listed.reduce((worst, m) => (m.rps < worst.rps ? m : worst), listed[0] as Measured));
    const listErrors = listed.reduce((sum, m) => sum + m.errors, 0);
    // Opening and saving a 100-page book, against anchors of their own (open-save.ts).
    const openAndSave = await measureOpenAndSave(mode, system.url, authors, seconds);
    const me = await after(
      measure(
        await run({ url: system.url, connections, requests: asAuthors(authors, () => '/api/v1/user/current-user') }),
      ),
    );

    // One connection per author (autocannon resets a request's context on every loop, so each author gets an
    // instance of its own): the last acknowledged save of each is then unambiguous.
    const acked = new Map<number, string>();
    // autocannon prepares a connection's next request before the previous answer arrives, so what each
    // answer acknowledges is the oldest save still waiting; the ones left at the end were in flight.
    const unanswered = new Map<number, string[]>();
    const saves = await Promise.all(
      authors.map((author, i) => {
        let count = 0;
        const waiting: string[] = [];
        unanswered.set(i, waiting);
        return run({
          url: system.url,
          connections: 1,
          requests: [
            {
              method: 'PATCH',
              setupRequest: (request) => {
                count += 1;
                const sent = manuscript(i, count);
                waiting.push(sent);
                return {
                  ...request,
                  path: `/api/v1/book/content/${author.bookId}`,
                  headers: {
                    ...request.headers,
                    cookie: author.cookie,
                    'x-xsrf-token': author.xsrf,
                    'content-type': 'application/json',
                  },
                  body: JSON.stringify({ bookContent: sent }),
                };
              },
              onResponse: (status) => {
                const answered = waiting.shift();
                if (answered !== undefined && status >= 200 && status < 300) acked.set(i, answered);
              },
            },
          ],
        });
      }),
    );
    const save: Measured = {
      rps: saves.reduce((sum, r) => sum + r.requests.average, 0),
      // Percentiles do not add up across instances: the slowest author's is an upper bound.
      p50: Math.max(...saves.map((r) => r.latency.p50)),
      p99: Math.max(...saves.map((r) => r.latency.p99)),
      errors: saves.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };

    let identical = 0;
    for (const [i, content] of acked) {
      const author = authors[i] as Author;
      const book = await author.client.get<{ bookContent: string | null }>(`/api/v1/book/${author.bookId}`);
      // The last acknowledged save, or one sent after it whose answer the end of the run cut off.
      const stored = book.body.bookContent;
      if (stored === content || (unanswered.get(i) ?? []).includes(stored ?? '')) identical += 1;
    }
    const lost = authors.length - identical;

    const rows: [string, Measured][] = [
      [listed.length > 1 ? `GET /book (slowest of ${listed.length} runs)` : 'GET /book', list],
      ['GET /user/current-user', me],
      ['PATCH /book/content/{id} (p50/p99: slowest author)', save],
    ];
    stillWriting.push(await booksBeingWritten(authors));
    rows.forEach(([route, m], i) =>
      console.log(
        `   ${route.padEnd(26)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ` +
          `${(m.rps / bare.rps).toFixed(3)}× bare  errors ${m.errors}  writing after: ${stillWriting[i]}`,
      ),
    );
    console.log(`   manuscripts read back identical: ${identical} of ${authors.length}`);

    const ratio = list.rps / bare.rps;
    return [
      { figure: `load ${mode}: bare Fastify route`, value: Math.round(bare.rps), unit: 'req/s' },
      ...rows.map(([route, m]): BenchFigure => {
        const r = m.rps / bare.rps;
        const isList = route.startsWith('GET /book');
        return {
          figure: `load ${mode}: ${route}`,
          value: Math.round(m.rps),
          unit: 'req/s',
          anchor: { name: 'bare Fastify', value: Math.round(bare.rps) },
          ratio: r,
          ...(isList ? { target: `≥ ${targets[mode]}×`, met: ratio >= targets[mode] } : {}),
        };
      }),
      ...(mode === 'embedded'
        ? [
            {
              figure: `load ${mode}: GET /book p99 at ${connections} connections`,
              value: list.p99,
              unit: 'ms',
              target: `≤ ${p99TargetMs} ms`,
              met: list.p99 <= p99TargetMs,
            },
          ]
        : []),
      {
        figure: `load ${mode}: errors`,
        value: listErrors + me.errors + save.errors,
        unit: 'responses',
        target: '0',
        met: listErrors + me.errors + save.errors === 0,
      },
      { figure: `load ${mode}: manuscripts lost`, value: lost, unit: 'books', target: '0', met: lost === 0 },
      ...openAndSave,
    ];
  } finally {
    await system.stop();
  }
}

console.log(
  `load bench: ${connections} connections, ${seconds} s per route, ${authorCount} authors; modes ${modes.join(', ')}`,
);
const figures: BenchFigure[] = [];
for (const mode of modes) figures.push(...(await loadMode(mode)));
printResults('load', figures);
if (figures.some((f) => f.met === false)) process.exitCode = 1;

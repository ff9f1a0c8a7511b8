/**
 * `GET /book` alone, for profiling the gateway's per-request work (issue 22): the embedded or distributed
 * system in a child process, `--authors` authors each with a ready book and none being written, the bare
 * anchor first (`--writing`: one book per author being written meanwhile, as in run.ts). Its figures are not part of `npm run bench` (bench/load/run.ts prints the real row).
 *
 *   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node --import tsx bench/load/list-alone.ts --mode embedded
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { asAuthors, prepareAuthors, startBook } from './authors';
import { startBareServer, startSystemProcess, type Mode } from './system-process';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    authors: { type: 'string', default: '10' },
    mode: { type: 'string', default: 'embedded' },
    // As bench/load/run.ts measures the row: one book per author being written while the window runs.
    writing: { type: 'boolean', default: false },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

const bare = await startBareServer();
const anchor = await autocannon({ url: `${bare.url}/api/v1/book`, connections, duration });
await bare.stop();
const system = await startSystemProcess(values.mode as Mode);
try {
  const authors = await prepareAuthors(system.url, Number(values.authors));
  if (values.writing) await Promise.all(authors.map((a, i) => startBook(a.client, 1000 + i)));
  const result = await autocannon({
    url: system.url,
    connections,
    duration,
    requests: asAuthors(authors, () => '/api/v1/book'),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `bare ${anchor.requests.average.toFixed(0)} req/s; GET /book ${result.requests.average.toFixed(0)} req/s, ` +
      `p99 ${result.latency.p99} ms, ${(result.requests.average / anchor.requests.average).toFixed(3)}×, errors ${errors}`,
  );
} finally {
  await system.stop();
}

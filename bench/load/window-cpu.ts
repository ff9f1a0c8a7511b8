/**
 * Where the CPU of each `GET /book` window goes (issue 22): the windows of bench/load/run.ts (the bare anchor
 * first, then `--windows` windows against the system, `--writing` with one book per author being written as
 * in run.ts), and for each window the CPU time every process group used per 1,000 requests, from Linux
 * /proc: each service, PostgreSQL, nats-server, and this process (the load generator). The gateway's and the
 * load generator's (and the embedded all-in-one process's) are also split by thread: the main thread and the
 * rest by name (V8's compiler and GC workers, libuv's pool, worker threads),
 * which shows a window spent warming up. `--rate` holds the load at that many requests a second instead of
 * as many as the system answers: a steadier CPU cost per request on a machine that drifts. Its figures are
 * not part of `npm run bench`.
 *
 *   node --import tsx bench/load/window-cpu.ts --mode distributed --writing [--windows 3] [--rate 4000]
 */
import autocannon from 'autocannon';
import { readdir, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { asAuthors, prepareAuthors, startBook } from './authors';
import { startBareServer, startSystemProcess, type Mode } from './system-process';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'distributed' },
    writing: { type: 'boolean', default: false },
    windows: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    authors: { type: 'string', default: '10' },
    rate: { type: 'string' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const rate = values.rate === undefined ? {} : { overallRate: Number(values.rate) };
const ticksToMs = 10; // USER_HZ is 100 on Linux

/** The process group a command line belongs to. */
function groupOf(pid: number, commandLine: string): string {
  if (pid === process.pid) return 'load generator';
  const service = /services\/([\w-]+)\/src\/main/.exec(commandLine)?.[1];
  if (service) return service;
  if (/postgres/.test(commandLine)) return 'postgres';
  if (/nats-server/.test(commandLine)) return 'nats';
  if (/redis-server/.test(commandLine)) return 'redis';
  if (/scripts\/start\//.test(commandLine)) return 'all-in-one';
  if (/scripts\/distributed\//.test(commandLine)) return 'launcher';
  return 'other';
}

/** user + system time of a /proc stat line, in ms; the command name may hold spaces, so fields start past the last ')'. */
function cpuMsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length < 13 ? 0 : (Number(fields[11]) + Number(fields[12])) * ticksToMs;
}

/** The processes whose threads are shown one by one: what serves the requests, and what makes them. */
const threadsShown = new Set(['gateway', 'all-in-one', 'load generator']);

/** CPU ms used so far by every group, and by thread name (`<group> main`, …) for those in `threadsShown`. */
async function cpuByGroup(): Promise<Map<string, number>> {
  const groups = new Map<string, number>();
  const add = (name: string, ms: number) => groups.set(name, (groups.get(name) ?? 0) + ms);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
    const group = groupOf(pid, commandLine);
    add(group, cpuMsOf(stat));
    if (!threadsShown.has(group)) continue;
    for (const thread of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
      const threadStat = await readFile(`/proc/${pid}/task/${thread}/stat`, 'utf8').catch(() => '');
      // The thread's name: node's main thread, V8's workers (compiler and GC), libuv's pool, worker threads.
      const name = threadStat.slice(threadStat.indexOf('(') + 1, threadStat.lastIndexOf(')')).replace(/\d+$/, '');
      add(`${group} ${thread === entry ? 'main' : `${name} threads`}`, cpuMsOf(threadStat));
    }
  }
  return groups;
}

const bare = await startBareServer();
const anchor = await autocannon({ url: `${bare.url}/api/v1/book`, connections, duration });
await bare.stop();
console.log(`bare Fastify route: ${anchor.requests.average.toFixed(0)} req/s`);
const system = await startSystemProcess(values.mode as Mode);
try {
  const authors = await prepareAuthors(system.url, Number(values.authors));
  if (values.writing) await Promise.all(authors.map((a, i) => startBook(a.client, 1000 + i)));
  for (let window = 1; window <= Number(values.windows); window += 1) {
    const before = await cpuByGroup();
    const result = await autocannon({
      url: system.url,
      connections,
      duration,
      ...rate,
      requests: asAuthors(authors, () => '/api/v1/book'),
    });
    const after = await cpuByGroup();
    const thousands = result.requests.total / 1000;
    const used = [...after]
      .map(([group, ms]) => ({ group, perThousand: (ms - (before.get(group) ?? 0)) / thousands }))
      .filter((g) => g.perThousand > 0)
      .sort((a, b) => b.perThousand - a.perThousand);
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      `window ${window}: ${(result.requests.average / anchor.requests.average).toFixed(3)}× bare, ` +
        `${result.requests.total} requests, errors ${errors}; CPU ms per 1,000 requests:`,
    );
    console.log(`   ${used.map((g) => `${g.group} ${g.perThousand.toFixed(1)}`).join(' · ')}`);
  }
} finally {
  await system.stop();
}

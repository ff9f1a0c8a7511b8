/**
 * Idle memory bench (issues 22 and 47): the embedded all-in-one process (`npm start`, PGlite) writes books,
 * then sits idle; after a full garbage collection its resident set size must be at most 250 MB. The
 * resident set is printed by part after start and at idle (resident-parts.ts). The process
 * runs with `--inspect` on a local port; the bench asks it over the inspector protocol for the
 * collection and for `process.memoryUsage()`, and can save a heap snapshot of the main thread.
 *
 *   node --import tsx bench/memory/run.ts [--books 1] [--idle-seconds 5] [--snapshot /tmp/after-book.heapsnapshot] [--packages]
 *
 * `--packages` lists the npm packages whose code the idle process holds (loaded-packages.ts).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { freePorts } from '../../tests/support/ports';
import { prepareAuthors } from '../load/authors';
import { startSystemProcess } from '../load/system-process';
import { Inspector, type MemoryUsage } from '../support/inspector';
import { printResults } from '../support/results';
import { loadedPackages } from './loaded-packages';
import { residentParts } from './resident-parts';

// Node 20 has a WebSocket client only behind a flag: run again with it.
if (typeof WebSocket === 'undefined') {
  const again = spawnSync(
    process.execPath,
    ['--experimental-websocket', ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}

const targetMb = 250;
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '1' },
    'idle-seconds': { type: 'string', default: '5' },
    snapshot: { type: 'string' },
    packages: { type: 'boolean', default: false },
  },
});
const books = Number(values.books);
const idleSeconds = Number(values['idle-seconds']);
if (!Number.isInteger(books) || books < 1) throw new Error(`--books must be a positive integer, got ${values.books}`);

const mb = (bytes: number) => bytes / 1024 / 1024;
const describe = (m: MemoryUsage) =>
  `RSS ${mb(m.rss).toFixed(0)} MB (main thread: heap ${mb(m.heapUsed).toFixed(0)} of ${mb(m.heapTotal).toFixed(0)} MB, ` +
  `external ${mb(m.external).toFixed(0)} MB, array buffers ${mb(m.arrayBuffers).toFixed(0)} MB)`;

/** The resident set by part (bench/memory/resident-parts.ts), the parts of 1 MB or more. */
async function printParts(pid: number): Promise<void> {
  for (const { part, rssKb } of await residentParts(pid)) {
    if (rssKb >= 1024) console.log(`      ${(rssKb / 1024).toFixed(0).padStart(4)} MB  ${part}`);
  }
}

const inspectPort = await freePorts(1);
process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim();
console.log(`memory bench: embedded, ${books} book(s) written, then ${idleSeconds} s idle and a full GC`);
const system = await startSystemProcess('embedded');
let inspector: Inspector | undefined;
try {
  inspector = await Inspector.connect(inspectPort);
  const started = await inspector.memoryAfterGc();
  console.log(`  started:            ${describe(started)}`);
  const pid = await inspector.evaluate<number>('process.pid');
  await printParts(pid);
  // Each author signs up, plans and confirms a book and waits until it is ready (the offline writer).
  await prepareAuthors(system.url, books);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const idle = await inspector.memoryAfterGc();
  console.log(`  after ${books} book(s), idle: ${describe(idle)}`);
  await printParts(pid);
  if (values.packages) {
    console.log('  npm packages with code loaded at idle (scripts, source):');
    for (const { name, scripts, sourceChars } of loadedPackages(await inspector.loadedScripts()))
      console.log(
        `      ${(sourceChars / 1024).toFixed(0).padStart(6)} K chars  ${String(scripts).padStart(4)}  ${name}`,
      );
  }
  if (values.snapshot) {
    await inspector.saveHeapSnapshot(values.snapshot);
    console.log(`  heap snapshot of the main thread: ${values.snapshot}`);
  }
  const met = mb(idle.rss) <= targetMb;
  printResults('memory', [
    {
      figure: `memory: embedded RSS at idle after ${books} book(s), after GC`,
      value: Math.round(mb(idle.rss)),
      unit: 'MB',
      target: `≤ ${targetMb} MB`,
      met,
    },
    { figure: 'memory: embedded RSS at idle after start, after GC', value: Math.round(mb(started.rss)), unit: 'MB' },
  ]);
  if (!met) process.exitCode = 1;
} finally {
  inspector?.close();
  await system.stop();
}

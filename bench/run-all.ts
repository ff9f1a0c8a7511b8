/**
 * `npm run bench`: runs every bench in turn (each in a process of its own, its own output shown as it
 * goes) and prints one table of every figure: value, anchor, ratio and target.
 *
 *   npm run bench                 # all of them
 *   npm run bench -- load export  # some of them
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseResults, type BenchFigure } from './support/results';

const here = fileURLToPath(new URL('.', import.meta.url));
const all = [
  'writing',
  'memory',
  'export',
  'import',
  'load',
  'web',
  'revisions',
  'search',
  'collab',
  'api',
  'page-estimate',
];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
const unknown = chosen.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  process.exit(2);
}

function runBench(name: string): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, name, 'run.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n'))
        if (line && !line.startsWith('BENCH_RESULT ')) console.log(`[${name}] ${line}`);
    });
    child.once('exit', (code) => resolve({ output, code }));
  });
}

const rows: BenchFigure[] = [];
const problems: string[] = [];
for (const name of chosen) {
  if (!existsSync(join(here, name, 'run.ts'))) {
    problems.push(`${name}: no bench yet`);
    continue;
  }
  console.log(`\n=== bench ${name}`);
  const { output, code } = await runBench(name);
  const results = parseResults(output);
  if (results.length === 0) problems.push(`${name}: printed no figures (exit ${code})`);
  for (const result of results) rows.push(...result.figures);
}

const format = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en') : n.toFixed(Math.abs(n) < 10 ? 3 : 1));
const table = [
  ['figure', 'value', 'anchor', 'ratio', 'target', 'met'],
  ...rows.map((r) => [
    r.figure,
    `${format(r.value)} ${r.unit}`,
    r.anchor ? `${r.anchor.name}: ${format(r.anchor.value)}` : '',
    r.ratio === undefined ? '' : `${r.ratio.toFixed(3)}×`,
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'met' : 'not met',
  ]),
];
const widths = table[0]!.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
console.log('\n=== all figures');
for (const [i, row] of table.entries()) {
  console.log(
    row
      .map((cell, col) => cell.padEnd(widths[col]!))
      .join('  ')
      .trimEnd(),
  );
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
for (const problem of problems) console.log(`! ${problem}`);
if (rows.some((r) => r.met === false) || problems.some((p) => !p.endsWith('no bench yet'))) process.exitCode = 1;

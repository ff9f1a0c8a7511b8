/**
 * The open and save rows alone (open-save.ts), without the rest of the load bench: for profiling the
 * system's process under that load, e.g.
 *
 *   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node --import tsx bench/load/open-save-alone.ts --mode embedded
 *
 * Prints the same rows; its figures are not part of `npm run bench` (bench/load/run.ts measures them).
 */
import { parseArgs } from 'node:util';
import { prepareAuthors } from './authors';
import { measureOpenAndSave } from './open-save';
import { startSystemProcess, type Mode } from './system-process';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    authors: { type: 'string', default: '4' },
    mode: { type: 'string', default: 'embedded' },
  },
});
const mode: Mode = values.mode === 'distributed' ? 'distributed' : 'embedded';
const system = await startSystemProcess(mode);
try {
  const authors = await prepareAuthors(system.url, Number(values.authors));
  for (const figure of await measureOpenAndSave(mode, system.url, authors, Number(values.seconds)))
    console.log(
      `   ${figure.figure}: ${figure.value} ${figure.unit}${figure.ratio ? ` (${figure.ratio.toFixed(3)}×)` : ''}`,
    );
} finally {
  await system.stop();
}

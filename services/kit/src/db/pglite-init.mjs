// Creates a new PGlite data directory (initdb and the unpacked template) and exits. Run as a child process
// by `pglite.ts` when the directory is new: whatever creating it leaves allocated (a few hundred MB) goes
// back to the operating system with the process, instead of staying in the long-lived process's resident
// set as it did when a worker thread of that process created it (bench/memory, decision 0011).
//
//   node pglite-init.mjs <data directory> <shared_buffers>
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.mjs';

const [dataDir, sharedBuffers] = process.argv.slice(2);
if (!dataDir || !sharedBuffers) {
  process.stderr.write('usage: node pglite-init.mjs <data directory> <shared_buffers>\n');
  process.exit(2);
}
try {
  const pglite = await PGlite.create(dataDir, pgliteOptions(sharedBuffers));
  await pglite.close();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

// Creates a new PGlite data directory (initdb and the unpacked template) and exits. Run as a child process
// by `pglite.ts` when the directory is new: whatever creating it leaves allocated (a few hundred MB) goes
// back to the operating system with the process, instead of staying in the long-lived process's resident
// set as it did when a worker thread of that process created it (bench/memory, decision 0011).
//
//   node pglite-init.mjs <data directory> <shared_buffers> [<template tarball>]
//       a new data directory: from the template tarball when one is given, by initdb otherwise
//   node pglite-init.mjs --template <tarball> <shared_buffers>
//       the template itself: a fresh data directory, dumped (written under another name, then renamed into
//       place, so that a reader never sees half of one)
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.mjs';

const args = process.argv.slice(2);
const makingTemplate = args[0] === '--template';
const [target, sharedBuffers, template] = makingTemplate ? args.slice(1) : args;
if (!target || !sharedBuffers) {
  process.stderr.write(
    'usage: node pglite-init.mjs <data directory> <shared_buffers> [<template tarball>]\n' +
      '       node pglite-init.mjs --template <tarball> <shared_buffers>\n',
  );
  process.exit(2);
}
try {
  if (makingTemplate) {
    const pglite = await PGlite.create(undefined, pgliteOptions(sharedBuffers));
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    await pglite.close();
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, dump);
    await rename(partial, target).catch(async (error) => {
      await rm(partial, { force: true });
      throw error;
    });
  } else {
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    const pglite = await PGlite.create(target, {
      ...pgliteOptions(sharedBuffers),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await pglite.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

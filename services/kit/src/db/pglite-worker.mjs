// The embedded database on a thread of its own: this worker owns the PGlite instance (PostgreSQL compiled
// to WebAssembly, whose every query is CPU on the thread that runs it) and answers the process's queries
// by message, so HTTP and the services keep the main thread and the database gets the second core.
// Plain JavaScript: a worker thread does not inherit the parent's tsx hooks, and this needs none.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.mjs';

const options = pgliteOptions(workerData.sharedBuffers);

// An in-memory instance starts from the template tarball when the process has one (`usePgliteTemplate` in
// pglite.ts): unpacking it takes a fraction of initdb's five seconds of CPU.
const open = async (dataDir) =>
  workerData.template && dataDir === undefined
    ? PGlite.create(undefined, { ...options, loadDataDir: new Blob([await readFile(workerData.template)]) })
    : PGlite.create(dataDir, options);

/** An error as data: its message and every field PostgreSQL filled in (code, constraint, detail, …). */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      structuredClone(value);
      fields[key] = value;
    } catch {
      fields[key] = String(value);
    }
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

const ready = open(workerData.dataDir);
ready.catch(() => undefined);

parentPort.on('message', async ({ id, op, sql, params, prelude }) => {
  try {
    const pglite = await ready;
    // Statements the connection deferred to send with this one (search_path, BEGIN): one message, not three.
    // Each runs on its own: in one multi-statement string, PostgreSQL would take a SET before a BEGIN into
    // the transaction, and a rollback would undo it.
    for (const statement of prelude ?? []) await pglite.exec(statement);
    let value;
    if (op === 'ready') value = null;
    else if (op === 'query') value = await pglite.query(sql, params);
    else if (op === 'exec') value = await pglite.exec(sql);
    else if (op === 'close') value = await pglite.close();
    else throw new Error(`unknown operation ${op}`);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: describe(error) });
  }
});

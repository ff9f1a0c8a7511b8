// How the embedded PGlite is opened, the same by the thread that owns it (`pglite-worker.mjs`) and by the
// child process that creates a new data directory (`pglite-init.mjs`). Plain JavaScript: neither a worker
// thread nor a plain `node` child has the parent's tsx hooks.
import { PGlite, types } from '@electric-sql/pglite';

/** PGlite's options with PostgreSQL's buffer pool set to `sharedBuffers` (e.g. '16MB'). */
export function pgliteOptions(sharedBuffers) {
  return {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    // Return what node-postgres returns, so service code sees the same values in both modes: int8
    // (count(*), bigserial) as a string and bytea as bytes (a Uint8Array here; a Buffer again on arrival).
    parsers: {
      [types.INT8]: (value) => value,
      [types.BYTEA]: (value) => Buffer.from(value.slice(2), 'hex'),
    },
  };
}

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usePgliteTemplate } from '../../services/kit/src/db/pglite';

// A vitest setup file of the server and browser suites: every embedded database they create (PGlite) starts from
// one fresh data directory kept as a tarball instead of running initdb (five seconds of CPU each, a few hundred
// times a run). Kept in the machine's temporary folder, named after PGlite's version, so later runs reuse it.
usePgliteTemplate(join(tmpdir(), 'bookwright-pglite-templates'));

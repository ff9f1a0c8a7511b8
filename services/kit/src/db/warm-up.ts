import { resolve } from 'node:path';
import { defaultDataDir } from '../config/defaults';
import { acquirePglite } from './pglite';

/**
 * Starts the embedded database (PGlite, on a thread of its own) before the services that use it are even
 * loaded, so the two take the machine's two cores at once instead of one after the other; `npm start`
 * calls it first. The services' own leases share the instance; `release` gives back this one. Does
 * nothing when a PostgreSQL URL is set. A failure here is left to the services to meet and report.
 */
export function warmUpEmbeddedDatabase(options: { databaseUrl?: string; dataDir?: string }): {
  release(): Promise<void>;
} {
  if (options.databaseUrl) return { release: async () => {} };
  const lease = acquirePglite(resolve(options.dataDir ?? defaultDataDir));
  lease.catch(() => undefined);
  return { release: () => lease.then((held) => held.release()).catch(() => undefined) };
}

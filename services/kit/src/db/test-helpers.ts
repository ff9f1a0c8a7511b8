import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { silentLogger } from '../logger/logger';
import { openServiceDatabase, type Migration, type ServiceDatabase } from './database';
import { quoteIdent } from './schema-name';

/** The backends the db suites run on: PGlite always, PostgreSQL when a URL is given (CI sets DATABASE_URL). */
export function databaseBackends(
  databaseUrl: string | undefined,
): Array<{ name: string; databaseUrl: string | undefined; skip: boolean }> {
  return [
    { name: 'PGlite', databaseUrl: undefined, skip: false },
    { name: 'PostgreSQL', databaseUrl, skip: !databaseUrl },
  ];
}

/** A service name no other test (or parallel run on the same server) uses. */
export function uniqueService(base: string): string {
  return `t_${randomBytes(4).toString('hex')}_${base}`;
}

/**
 * Opens service databases for one test and cleans everything up afterwards: handles closed, test
 * schemas dropped on PostgreSQL, temporary PGlite directories removed.
 */
export class TestDatabases {
  readonly #handles: Array<ServiceDatabase<unknown>> = [];
  readonly #schemas = new Set<string>();
  readonly #dirs: string[] = [];

  constructor(readonly databaseUrl: string | undefined) {}

  async open<DB>(
    service: string,
    migrations: Migration[],
    options: { dataDir?: string } = {},
  ): Promise<ServiceDatabase<DB>> {
    const database = await openServiceDatabase<DB>({
      service,
      databaseUrl: this.databaseUrl,
      dataDir: this.databaseUrl ? undefined : options.dataDir,
      migrations,
      logger: silentLogger(),
    });
    this.#handles.push(database as ServiceDatabase<unknown>);
    this.#schemas.add(database.schema);
    return database;
  }

  async tempDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'bw-db-test-'));
    this.#dirs.push(dir);
    return dir;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.#handles.splice(0).map((h) => h.close()));
    if (this.databaseUrl && this.#schemas.size > 0) {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      await client.connect();
      try {
        for (const schema of this.#schemas) await client.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
      } finally {
        await client.end();
      }
    }
    this.#schemas.clear();
    await Promise.all(this.#dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

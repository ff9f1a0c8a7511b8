import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { silentLogger } from '../logger/logger';
import { openServiceDatabase, type Migration, type ServiceDatabase } from './database';
import { acquirePglite } from './pglite';
import { quoteIdent, schemaNameFor } from './schema-name';

let pinnedMemoryInstance: Promise<unknown> | undefined;

/**
 * A fresh, migrated database for one test: the real PostgreSQL at `DATABASE_URL` when it is set (CI),
 * the in-memory PGlite otherwise. Either way it lives in a schema of its own (`t_<random>_<service>`)
 * that `close()` drops, so tests never see each other's rows and can run in parallel on one server.
 */
export async function createTestDatabase<DB>(service: string, migrations: Migration[]): Promise<ServiceDatabase<DB>> {
  // Tests are the one place outside start-up that reads the environment: CI chooses the database.

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = `t_${randomBytes(5).toString('hex')}_${schemaNameFor(service)}`.slice(0, 63);
  if (!databaseUrl) {
    // Starting PGlite takes 1-2 s; one in-memory instance stays open for the whole test file (worker)
    // and every test database is a schema in it.
    pinnedMemoryInstance ??= acquirePglite(undefined);
    await pinnedMemoryInstance;
  }
  const database = await openServiceDatabase<DB>({
    service,
    schema,
    databaseUrl,
    migrations,
    logger: silentLogger(),
  });
  let closed: Promise<void> | undefined;
  return {
    ...database,
    close: () =>
      (closed ??= (async () => {
        try {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
        } finally {
          await database.close();
        }
      })()),
  };
}

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

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { silentLogger } from '../logger/logger';
import { openServiceDatabase, type Migration, type ServiceDatabase } from './database';
import { acquirePglite } from './pglite';
import { schemaNameFor } from './schema-name';

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
    db: database.db,
    schema,
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

import { CompiledQuery, DEFAULT_MIGRATION_TABLE, Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import type { Logger } from '../logger/logger';
import { logLostConnections } from './lost-connections';
import { acquirePglite, PgliteDialect } from './pglite';
import { assertSchemaName, quoteIdent, schemaNameFor } from './schema-name';
import { withSchemaIntrospection } from './schema-introspector';
import { prepareMarkedStatements } from './prepared-statements';

/**
 * One forward-only migration. `up` receives a handle whose `search_path` is the service's schema, so
 * `db.schema.createTable('book')` creates the service's own table. Names sort in the order they run
 * (`0000_outbox`, `0001_books`, …); a shipped migration is never edited, only followed by a new one.
 */
export interface Migration {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the tables of DB exist
  up(db: Kysely<any>): Promise<void>;
}

export interface ServiceDatabase<DB> {
  db: Kysely<DB>;
  /** The schema the service owns; `search_path` points at it on every connection. */
  schema: string;
  /** Closes this service's handle (the pool, or its share of the process's PGlite). Idempotent. */
  close(): Promise<void>;
  /**
   * Reads one row of one of the service's tables, for its readiness check: rejects while the database
   * cannot be reached or the service's schema is not there (the SQL stays here, not in the service).
   */
  answers(table: keyof DB & string): Promise<void>;
}

export interface OpenServiceDatabaseOptions {
  /** Owner of the schema; the schema is this name sanitised to [a-z0-9_] unless `schema` is given. */
  service: string;
  /** PostgreSQL server (distributed mode). When absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data lives in `${dataDir}/pglite`; undefined keeps it in memory (lost on close). */
  dataDir?: string;
  migrations: Migration[];
  logger: Logger;
  schema?: string;
  /** Connections in the pool when `databaseUrl` is set. Default 5. */
  poolSize?: number;
}

/**
 * Opens a service's database: PostgreSQL when `databaseUrl` is set, otherwise the process's shared
 * PGlite. Creates the service's schema if missing and brings it to the latest migration. Several
 * services (and several replicas of one service) may call this at the same time.
 */
export async function openServiceDatabase<DB>(options: OpenServiceDatabaseOptions): Promise<ServiceDatabase<DB>> {
  const schema = options.schema === undefined ? schemaNameFor(options.service) : assertSchemaName(options.schema);
  assertMigrationOrder(options.migrations);
  const logger = options.logger.child({ schema });

  let dialect: Dialect;
  if (options.databaseUrl) {
    // Loaded only here: an embedded process (PGlite) never loads the PostgreSQL client.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 5 });
    // Unheard, a dropped connection's 'error' would crash the process; heard, it is logged once.
    logLostConnections(pool, logger);
    pool.on('connect', prepareMarkedStatements);
    dialect = new PostgresDialect({
      pool,
      // Set per connection rather than in the pool's startup `options`, which an `options` parameter in
      // the URL would silently replace.
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw(`set search_path to ${quoteIdent(schema)}`));
      },
    });
  } else {
    const lease = await acquirePglite(options.dataDir);
    dialect = new PgliteDialect({ lease, schema, logger });
  }

  const db = new Kysely<DB>({ dialect: withSchemaIntrospection(dialect, schema) });
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => (closed ??= db.destroy());
  try {
    await ensureSchema(db, schema);
    await migrate(db, schema, options.migrations, logger);
  } catch (error) {
    await close();
    throw error;
  }
  const answers = async (table: keyof DB & string): Promise<void> => {
    await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
  };
  return { db, schema, close, answers };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic
async function ensureSchema(db: Kysely<any>, schema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two services (or replicas) creating schemas at once can make even `if not exists` fail on a
    // unique-index race, so creators of the same schema queue on an advisory lock.
    await sql`select pg_advisory_xact_lock(hashtext(${`bookwright.schema.${schema}`}))`.execute(trx);
    const existing = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(trx);
    // Checked first because CREATE SCHEMA needs the CREATE privilege on the database even when the
    // schema exists, and a service account provisioned with its schema may not have it.
    if (existing.rows.length === 0) await sql`create schema ${sql.id(schema)}`.execute(trx);
  });
}

async function migrate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic
  db: Kysely<any>,
  schema: string,
  migrations: Migration[],
  logger: Logger,
): Promise<void> {
  // Every start of every service comes here, and almost always nothing is pending. Kysely's migrator
  // learns that by introspecting the whole catalogue (every table and column of every schema, several
  // times), which on PGlite cost most of a start-up's CPU; two plain queries tell the same. Anything but
  // an exact match of names (pending, or applied but unknown) goes to the migrator, which applies or
  // reports it under its lock.
  const applied = await appliedMigrationNames(db, schema);
  if (applied?.length === migrations.length && migrations.every((m, i) => applied[i] === m.name)) return;

  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: {
      getMigrations: async () => Object.fromEntries(migrations.map((m) => [m.name, { up: (trx) => m.up(trx) }])),
    },
  });
  // Kysely runs all pending migrations in one transaction under an advisory lock, so concurrent
  // replicas run each migration once and a failure leaves the schema as it was.
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info({ migration: result.migrationName }, 'migration applied');
    else if (result.status === 'Error') logger.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) {
    throw new Error(`migrating schema ${schema} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** The names in the schema's migration table, in name order; undefined when it has none yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic
async function appliedMigrationNames(db: Kysely<any>, schema: string): Promise<string[] | undefined> {
  const table = `${schema}.${DEFAULT_MIGRATION_TABLE}`;
  const found = await sql<{
    table: string | null;
  }>`select to_regclass(${`${quoteIdent(schema)}.${DEFAULT_MIGRATION_TABLE}`})::text as table`.execute(db);
  if (!found.rows[0]?.table) return undefined;
  const rows = await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** Kysely runs migrations in name order; a list in another order would run differently from how it reads. */
function assertMigrationOrder(migrations: Migration[]): void {
  for (let i = 1; i < migrations.length; i += 1) {
    const previous = migrations[i - 1]!.name;
    const current = migrations[i]!.name;
    if (!(previous < current)) {
      throw new Error(
        `migration names must be unique and in ascending order as listed: ${JSON.stringify(previous)} comes before ${JSON.stringify(current)}`,
      );
    }
  }
}

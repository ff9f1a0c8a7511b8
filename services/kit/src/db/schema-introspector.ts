import {
  sql,
  type DatabaseIntrospector,
  type Dialect,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's own PostgreSQL introspector reads every table and column of every schema and calls
 * `has_schema_privilege` on each schema's name. When another process drops a schema while that query runs
 * (test files dropping theirs on a shared server, an operator removing a service), the function raises
 * "schema … does not exist" and a start-up's migration fails for a schema it never touches. The migrator is
 * the only reader of the introspection, and it asks only whether the service's own schema and its two
 * migration tables exist: this answers that from the catalogue of the one schema, with no privilege
 * function evaluated on anyone else's.
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows.map((row) => ({ name: row.name }));
  }

  /** The schema's tables and views, by name; the migrator needs no columns. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by c.relname`.execute(this.db);
    return rows.map((row) => ({
      name: row.name,
      schema: this.schema,
      isView: row.kind === 'v' || row.kind === 'm',
      columns: [],
    }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** `dialect` with its introspection confined to `schema` (see SchemaIntrospector). */
export function withSchemaIntrospection(dialect: Dialect, schema: string): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => new SchemaIntrospector(db, schema),
  };
}

/** PostgreSQL truncates identifiers longer than this silently, which would merge two schemas into one. */
const MAX_IDENTIFIER_LENGTH = 63;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The schema a service owns: its name in lower case with every other character run turned into `_`
 * (`user-svc` → `user_svc`). Throws when nothing usable is left.
 */
export function schemaNameFor(service: string): string {
  let name = service
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (/^[0-9]/.test(name)) name = `s_${name}`;
  return assertSchemaName(name, `service name ${JSON.stringify(service)}`);
}

/**
 * Accepts only names that need no escaping anywhere (SQL, `search_path` in a connection's startup
 * options), so the schema can be put into those places without a quoting mistake becoming an injection.
 */
export function assertSchemaName(name: string, what = 'schema name'): string {
  if (!SCHEMA_NAME.test(name) || name.length > MAX_IDENTIFIER_LENGTH || name.startsWith('pg_')) {
    throw new Error(
      `${what} gives the schema ${JSON.stringify(name)}: a schema must be 1-${MAX_IDENTIFIER_LENGTH} characters ` +
        'of a-z, 0-9 and _, start with a letter or _, and not start with pg_',
    );
  }
  return name;
}

/** Quotes an identifier; needed even for checked names because some (`user`) are reserved words. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

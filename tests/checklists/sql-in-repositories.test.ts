import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives in repositories (issue 47), in every service as in billing: a handler, a job or a domain
 * module says what it wants of the data, and one file per concept says how it is asked. This reads every
 * production module of the services and fails on a query outside a repository (`*.repository.ts`,
 * `repositories/`), the service's `db/` (schema and migrations) or the kit, which owns the database
 * plumbing (outbox, connections, the readiness read).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const services = join(root, 'services');
const skipped = new Set(['node_modules', 'dist', 'testing', 'db', 'repositories']);
const query = /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(|\bsql`|\bsql\.raw\(/;

function productionModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : productionModules(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|measure|d)\.tsx?$/.test(entry.name);
    return isSource && !entry.name.endsWith('.repository.ts') && !entry.name.endsWith('.sql.ts') ? [path] : [];
  });
}

describe('SQL lives in repositories', () => {
  const owners = readdirSync(services).filter((service) => service !== 'kit');
  it.each(owners)('%s: no query outside its repositories and db/', (service) => {
    const strays = productionModules(join(services, service)).filter((file) => query.test(readFileSync(file, 'utf8')));
    expect(strays.map((file) => relative(root, file))).toEqual([]);
  });
});

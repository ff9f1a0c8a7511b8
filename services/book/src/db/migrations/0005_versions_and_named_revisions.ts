import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * `books.version`: raised on every change of the row, it is the book's ETag (contracts entities/book/etag.ts).
 * `book_revisions.kind` says why a snapshot was kept and `name` what the author called it: the retention
 * policy never prunes "as-written" and "named" ones (domain/revision-policy.ts). Earlier snapshots were
 * all kept by saves.
 */
export const versionsAndNamedRevisionsMigration: Migration = {
  name: '0005_versions_and_named_revisions',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('books')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('book_revisions')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo(sql`'edit'`))
      .execute();
    await db.schema.alterTable('book_revisions').addColumn('name', 'text').execute();
  },
};

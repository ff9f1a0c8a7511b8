import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * The trash: `deleted_at` is when the author moved the book there (null for every book in the library).
 * It does not touch the status, so a restored book is exactly what it was. The partial index serves the
 * trash list and the sweep that purges books 30 days after they were trashed.
 */
export const trashMigration: Migration = {
  name: '0006_trash',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('books').addColumn('deleted_at', 'timestamptz').execute();
    await db.schema
      .createIndex('books_trashed_idx')
      .on('books')
      .columns(['deleted_at'])
      .where(sql.ref('deleted_at'), 'is not', null)
      .execute();
  },
};

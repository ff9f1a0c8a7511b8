import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/** Manuscript snapshots. They cascade from books, so whatever deletes a book (or an account's books) deletes its history. */
export const revisionsMigration: Migration = {
  name: '0003_revisions',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('book_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Insertion order: timestamps of quick saves can tie, a sequence cannot.
      .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
      .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('word_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('book_revisions_book_seq_idx')
      .on('book_revisions')
      .columns(['book_id', 'seq'])
      .execute();
  },
};

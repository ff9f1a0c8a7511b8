import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const booksMigration: Migration = {
  name: '0001_books',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('books')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text')
      .addColumn('genre', 'text', (c) => c.notNull())
      .addColumn('book_type', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('target_audience', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('book_state', 'jsonb')
      .addColumn('book_content', 'text')
      .addColumn('cover_image', 'text')
      .addColumn('author', 'text')
      .addColumn('identifier', 'text')
      .addColumn('language_metadata', 'text')
      .addColumn('genre_metadata', 'text')
      .addColumn('publisher', 'text')
      .addColumn('description', 'text')
      .addColumn('keywords', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('rights', 'text')
      .addColumn('publication_date', 'text')
      .addColumn('isbn', 'text')
      .addColumn('failure', 'jsonb')
      .addColumn('plan_attempt', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('write_attempt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('chapters_written', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('chapters_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('books_user_idempotency_key', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('books_user_created_idx').on('books').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('books_status_idx').on('books').column('status').execute();
  },
};

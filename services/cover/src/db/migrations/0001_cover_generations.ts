import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const coverGenerationsMigration: Migration = {
  name: '0001_cover_generations',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cover_generations')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('book_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cover_id', 'text')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('provider', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('cover_generations_user_time')
      .on('cover_generations')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};

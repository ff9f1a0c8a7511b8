import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * The Yjs state of a shared book's live document (issue 44, decision 0043), kept beside its chapters so
 * that reopening the book does not rebuild the document, with the manuscript version it was taken at: a
 * state of another version is not used (the chapters moved without it). One per book, replaced by every
 * save of the live document; it goes with the book (cascade) and is never part of the takeout, which holds
 * the chapters it stands for.
 */
export const collabStatesMigration: Migration = {
  name: '0012_collab_states',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('book_collab_states')
      .addColumn('book_id', 'text', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
      .addColumn('state', 'bytea', (c) => c.notNull())
      .addColumn('manuscript_version', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

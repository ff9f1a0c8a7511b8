import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Comments on a book (issue 44): one row per comment. A thread's first comment has its anchor (the quote
 * and chapter it is about) and no thread; a reply names its thread and has no anchor. Replies go with their
 * thread and every comment with its book (cascade), so deleting a book forever deletes its comments. The
 * author is a user id only: names come from the user service when the comments are read, so a member who
 * left keeps their name on what they wrote.
 */
export const commentsMigration: Migration = {
  name: '0013_comments',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('book_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Insertion order: threads and replies are listed oldest first, and one instant can hold two.
      .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
      .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('thread_id', 'text', (c) => c.references('book_comments.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('anchor', 'jsonb')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('edited_at', 'timestamptz')
      .addColumn('resolved_at', 'timestamptz')
      .addColumn('resolved_by', 'text')
      .addCheckConstraint('book_comments_thread_or_anchor', sql`(thread_id is null) = (anchor is not null)`)
      .execute();
    await db.schema.createIndex('book_comments_book_idx').on('book_comments').columns(['book_id', 'seq']).execute();
    await db.schema.createIndex('book_comments_thread_idx').on('book_comments').columns(['thread_id']).execute();
  },
};

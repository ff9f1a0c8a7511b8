import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Comment mail (issue 44): the Settings switch "Mail me about comments" (on by default, so every account
 * has it on), and when each person was last mailed about each book's comments, so that one person gets at
 * most one such mail per book every 10 minutes. The rows go with the account (cascade).
 */
export const commentMailMigration: Migration = {
  name: '0003_comment_mail',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('mail_about_comments', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
    await db.schema
      .createTable('comment_mails')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('book_id', 'text', (c) => c.notNull())
      .addColumn('mailed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('comment_mails_pkey', ['user_id', 'book_id'])
      .execute();
  },
};

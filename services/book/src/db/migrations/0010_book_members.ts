import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Sharing (issue 43, decision 0041): the people a book is shared with and the invitations to it. Both
 * cascade from books, so a book deleted for good takes its shares along. An invitation's links are kept
 * only as SHA-256 hashes, one row each (the mailed link, and each "Copy link" after), so the database never
 * holds a link that works.
 */
export const bookMembersMigration: Migration = {
  name: '0010_book_members',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('book_members')
      .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('added_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('book_members_pk', ['book_id', 'user_id'])
      .execute();
    // "Shared with me": a person's shares, and the books to forget when their account goes.
    await db.schema.createIndex('book_members_user_idx').on('book_members').columns(['user_id']).execute();

    await db.schema
      .createTable('book_invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
      // Trimmed and lower-cased (contracts' normalizeEmail): the only address that can accept it.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('accepted_at', 'timestamptz')
      .addColumn('accepted_by', 'text')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('book_invitations_book_idx').on('book_invitations').columns(['book_id']).execute();

    await db.schema
      .createTable('book_invitation_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('invitation_id', 'text', (c) => c.notNull().references('book_invitations.id').onDelete('cascade'))
      .execute();
  },
};

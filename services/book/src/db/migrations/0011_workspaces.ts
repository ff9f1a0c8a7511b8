import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Team workspaces (issue 43, decision 0042): beside the books and their shares, so the access module reads a
 * person's role on a workspace's book in the request's own transaction. A workspace's invitations are the
 * books' invitations (one table, one link scheme): an invitation names a book or a workspace. Its audit log
 * is written in the transaction of the change it records.
 */
export const workspacesMigration: Migration = {
  name: '0011_workspaces',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspaces')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      // Its one owner, who pays: an Enterprise plan pays for one workspace.
      .addColumn('owner_id', 'text', (c) => c.notNull().unique())
      .addColumn('seat_limit', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('workspace_members')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('added_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
      .execute();
    await db.schema.createIndex('workspace_members_user_idx').on('workspace_members').columns(['user_id']).execute();

    // A workspace's book: its user_id is the workspace's owner (who pays); created_by keeps who made it.
    await db.schema
      .alterTable('books')
      .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('books').addColumn('created_by', 'text').execute();
    await db.schema.createIndex('books_workspace_idx').on('books').columns(['workspace_id']).execute();

    await db.schema
      .alterTable('book_invitations')
      .alterColumn('book_id', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('book_invitations')
      .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id').onDelete('cascade'))
      .execute();
    await sql`alter table book_invitations add constraint book_invitations_one_target
      check ((book_id is null) <> (workspace_id is null))`.execute(db);
    await db.schema
      .createIndex('book_invitations_workspace_idx')
      .on('book_invitations')
      .columns(['workspace_id'])
      .execute();

    await db.schema
      .createTable('workspace_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      // The order of lines written in one transaction (one clock reading): an account deletion's hand-over
      // comes before its leaving.
      .addColumn('seq', 'bigserial', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text')
      .addColumn('subject_email', 'text')
      // Kept as they were: the log outlives a book deleted for good.
      .addColumn('book_id', 'text')
      .addColumn('book_title', 'text')
      .addColumn('role', 'text')
      .addColumn('previous_role', 'text')
      .addColumn('seats', 'integer')
      .execute();
    await db.schema
      .createIndex('workspace_audit_workspace_at_idx')
      .on('workspace_audit')
      .columns(['workspace_id', 'at desc', 'seq desc'])
      .execute();
  },
};

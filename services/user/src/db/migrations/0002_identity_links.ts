import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Sign-in with an identity provider: an account may have no password, and each provider identity
 * (issuer + subject, never the email, which can change or be reassigned) points at one account.
 */
export const identityLinksMigration: Migration = {
  name: '0002_identity_links',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .alterColumn('password_hash', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .createTable('identity_links')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('identity_links_pkey', ['issuer', 'subject'])
      .execute();
    await db.schema.createIndex('identity_links_user_id_idx').on('identity_links').column('user_id').execute();
  },
};

import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Personal API tokens (issue 45, decision 0045). Only the keyed hash of a token is kept, unique, and a
 * token is found by it (never by its visible start); revoking stamps revoked_at so a token keeps its history.
 * The rows go with the account (cascade).
 */
export const apiTokensMigration: Migration = {
  name: '0004_api_tokens',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last_four', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('last_used_ip', 'text')
      .execute();
    await db.schema.createIndex('api_tokens_user_id_idx').on('api_tokens').column('user_id').execute();
  },
};

import type { Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Workspace API tokens (issue 45): a token may belong to a team workspace (kept by the book service, so no
 * foreign key), listed and revoked by its admins. `user_id` stays the person who made it, whose role on
 * the workspace's books the token never exceeds.
 */
export const workspaceApiTokensMigration: Migration = {
  name: '0005_workspace_api_tokens',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('api_tokens').addColumn('workspace_id', 'text').execute();
    await db.schema.createIndex('api_tokens_workspace_id_idx').on('api_tokens').column('workspace_id').execute();
  },
};

import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * API tokens in a workspace's audit log (issue 45): which token (its name as it was, kept after it is
 * revoked) and, for a use from a new address, the address.
 */
export const auditApiTokensMigration: Migration = {
  name: '0015_audit_api_tokens',
  async up(db: Kysely<unknown>) {
    await sql`alter table workspace_audit add column token_id text, add column token_name text, add column address text`.execute(
      db,
    );
  },
};

import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * The allowance reservation a book's current attempt holds, so a failure can give back exactly that one.
 * Books created before this kept the reservation under their idempotency key (`plan:<request id>`).
 */
export const allowanceKeyMigration: Migration = {
  name: '0002_allowance_key',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('books').addColumn('allowance_key', 'text').execute();
    await sql`update books set allowance_key = idempotency_key`.execute(db);
  },
};

import type { Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const planEndsAtMigration: Migration = {
  name: '0003_plan_ends_at',
  async up(db: Kysely<unknown>) {
    // When a cancelled plan ends. Usually the period's end, but Stripe can also cancel at a date of its own
    // (`cancel_at`), and the author is told the date the plan really ends.
    await db.schema.alterTable('billing_accounts').addColumn('plan_ends_at', 'timestamptz').execute();
  },
};

import type { Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const consumptionSpentByMigration: Migration = {
  name: '0005_consumption_spent_by',
  async up(db: Kysely<unknown>) {
    // Who spent the unit: the payer, or a workspace member spending its owner's pool. Rows from before
    // workspaces stay null, which means the payer (`user_id`); every new row names someone.
    await db.schema.alterTable('allowance_consumptions').addColumn('spent_by', 'text').execute();
  },
};

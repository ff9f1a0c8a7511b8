import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const reservationsMigration: Migration = {
  name: '0004_reservations',
  async up(db: Kysely<unknown>) {
    // What a consumption is waiting for: `kept` (taken for good, every row so far), `reserved` (paid for a
    // book its caller has not confirmed yet) or `released` (given back because no book confirmed it).
    await db.schema
      .alterTable('allowance_consumptions')
      .addColumn('state', 'text', (c) =>
        c
          .notNull()
          .defaultTo('kept')
          .check(sql`state in ('kept', 'reserved', 'released')`),
      )
      .execute();
    // The reconciliation reads only the few reservations still waiting, oldest first.
    await db.schema
      .createIndex('allowance_consumptions_reserved')
      .on('allowance_consumptions')
      .column('consumed_at')
      .where(sql.ref('state'), '=', 'reserved')
      .execute();
  },
};

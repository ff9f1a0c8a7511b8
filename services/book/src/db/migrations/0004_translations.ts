import type { Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * A book made by translating another keeps its link to the original (id, title and language at the time)
 * in `translation`; null for every book written from a plan.
 */
export const translationsMigration: Migration = {
  name: '0004_translations',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('books').addColumn('translation', 'jsonb').execute();
  },
};

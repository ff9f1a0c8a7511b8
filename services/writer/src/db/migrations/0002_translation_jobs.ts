import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * Translations are jobs of the same table: same leases, attempts and exactly-once chapters. `kind` says
 * which work a job does; `source` is a translation's snapshot of the original (its language and
 * manuscript), taken once, as `plan` is for writing.
 */
export const translationJobsMigration: Migration = {
  name: '0002_translation_jobs',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('writing_jobs')
      .addColumn('kind', 'text', (c) =>
        c
          .notNull()
          .defaultTo('write')
          .check(sql`kind in ('write', 'translate')`),
      )
      .addColumn('source', 'jsonb')
      .execute();
  },
};

import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

/**
 * A job whose book went to the trash is `stopped`: nobody claims it, its lease is gone, its chapters stay.
 * A restore resumes it like a retry does a failed one (a new attempt).
 */
export const stoppedJobsMigration: Migration = {
  name: '0003_stopped_jobs',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('writing_jobs').dropConstraint('writing_jobs_status_check').execute();
    await db.schema
      .alterTable('writing_jobs')
      .addCheckConstraint('writing_jobs_status_check', sql`status in ('writing', 'completed', 'failed', 'stopped')`)
      .execute();
  },
};

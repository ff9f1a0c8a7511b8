import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const writingJobsMigration: Migration = {
  name: '0001_writing_jobs',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('writing_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('book_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('first_attempt', 'integer', (c) => c.notNull())
      .addColumn('current_attempt', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('writing', 'completed', 'failed')`))
      .addColumn('brief', 'jsonb', (c) => c.notNull())
      .addColumn('plan', 'jsonb', (c) => c.notNull())
      .addColumn('chapters_total', 'integer', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'timestamptz')
      .addColumn('failure_reason', 'text')
      .addColumn('failure_reported', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('manuscript_key', 'text')
      .addColumn('words', 'integer')
      .addColumn('pages', 'integer')
      .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('llm_calls', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('completed_at', 'timestamptz')
      .execute();
    // Start-up and the sweep look for unfinished jobs only.
    await db.schema
      .createIndex('writing_jobs_unfinished')
      .on('writing_jobs')
      .column('lease_expires_at')
      .where(sql.ref('status'), '=', 'writing')
      .execute();

    await db.schema
      .createTable('writing_attempts')
      .addColumn('book_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull().references('writing_jobs.id').onDelete('cascade'))
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('writing_attempts_pkey', ['book_id', 'attempt'])
      .execute();

    await db.schema
      .createTable('written_chapters')
      .addColumn('job_id', 'text', (c) => c.notNull().references('writing_jobs.id').onDelete('cascade'))
      .addColumn('chapter_number', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('words', 'integer', (c) => c.notNull())
      .addColumn('characters', 'integer', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('facts', 'jsonb', (c) => c.notNull())
      .addColumn('parts', 'integer', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('written_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('written_chapters_pkey', ['job_id', 'chapter_number'])
      .execute();
  },
};

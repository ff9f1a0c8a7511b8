import { sql, type Kysely } from 'kysely';
import type { JobKind, JobStatus, WriterDatabase, WritingJobRow } from '../db/schema';

type Db = Kysely<WriterDatabase>;

const leaseUntil = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;

export interface NewJob {
  id: string;
  /** Default `write`. */
  kind?: JobKind;
  /** A translation's snapshot of its original. */
  source?: unknown;
  bookId: string;
  userId: string;
  attempt: number;
  brief: unknown;
  plan: unknown;
  chaptersTotal: number;
}

export interface LlmUsageTotals {
  promptTokens: number;
  completionTokens: number;
  calls: number;
}

export const jobsRepository = {
  findByBook(db: Db, bookId: string): Promise<WritingJobRow | undefined> {
    return db.selectFrom('writing_jobs').selectAll().where('book_id', '=', bookId).executeTakeFirst();
  },

  findById(db: Db, id: string): Promise<WritingJobRow | undefined> {
    return db.selectFrom('writing_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Removes a deleted book's job (its attempts and written chapters go by cascade); answers the ids removed. */
  async deleteForBook(db: Db, bookId: string): Promise<string[]> {
    const jobs = await db.deleteFrom('writing_jobs').where('book_id', '=', bookId).returning('id').execute();
    return jobs.map((job) => job.id);
  },

  /** Removes every job of a deleted account; answers the books they were for. */
  async deleteForUser(db: Db, userId: string): Promise<string[]> {
    const jobs = await db.deleteFrom('writing_jobs').where('user_id', '=', userId).returning('book_id').execute();
    return jobs.map((job) => job.book_id);
  },

  /** The snapshot of the first confirmation; false when the book already has a job (a concurrent delivery won). */
  async insert(db: Db, job: NewJob): Promise<boolean> {
    const result = await db
      .insertInto('writing_jobs')
      .values({
        id: job.id,
        kind: job.kind ?? 'write',
        source: job.source === undefined ? null : JSON.stringify(job.source),
        book_id: job.bookId,
        user_id: job.userId,
        first_attempt: job.attempt,
        current_attempt: job.attempt,
        status: 'writing',
        brief: JSON.stringify(job.brief),
        plan: JSON.stringify(job.plan),
        chapters_total: job.chaptersTotal,
        lease_owner: null,
        lease_expires_at: null,
        failure_reason: null,
        manuscript_key: null,
        words: null,
        pages: null,
        completed_at: null,
      })
      .onConflict((oc) => oc.column('book_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  },

  /** Records a confirmation; false when this (book, attempt) was seen before. */
  async recordAttempt(db: Db, attempt: { bookId: string; attempt: number; jobId: string }): Promise<boolean> {
    const result = await db
      .insertInto('writing_attempts')
      .values({ book_id: attempt.bookId, attempt: attempt.attempt, job_id: attempt.jobId })
      .onConflict((oc) => oc.columns(['book_id', 'attempt']).doNothing())
      .returning('attempt')
      .executeTakeFirst();
    return result !== undefined;
  },

  /**
   * A newer attempt: a failed or stopped job goes back to writing (keeping its chapters), any job remembers
   * the attempt so the manuscript is stored under it.
   */
  async applyAttempt(db: Db, jobId: string, attempt: number): Promise<WritingJobRow | undefined> {
    return db
      .updateTable('writing_jobs')
      .set({
        current_attempt: attempt,
        status: sql<JobStatus>`case when status in ('failed', 'stopped') then 'writing' else status end`,
        failure_reason: sql<string | null>`case when status = 'failed' then null else failure_reason end`,
        failure_reported: sql<boolean>`case when status = 'failed' then false else failure_reported end`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', jobId)
      .where('current_attempt', '<', attempt)
      .returningAll()
      .executeTakeFirst();
  },

  /** Takes (or renews) the lease of an unfinished job unless another live instance holds it. */
  claim(db: Db, jobId: string, owner: string, leaseMs: number): Promise<WritingJobRow | undefined> {
    return db
      .updateTable('writing_jobs')
      .set({ lease_owner: owner, lease_expires_at: leaseUntil(leaseMs) })
      .where('id', '=', jobId)
      .where('status', '=', 'writing')
      .where((eb) =>
        eb.or([
          eb('lease_owner', 'is', null),
          eb('lease_owner', '=', owner),
          eb('lease_expires_at', '<', sql<Date>`now()`),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** Unfinished jobs nobody (alive) is working on, oldest first. */
  async claimableIds(db: Db, owner: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('writing_jobs')
      .select('id')
      .where('status', '=', 'writing')
      .where((eb) =>
        eb.or([
          eb('lease_owner', 'is', null),
          eb('lease_owner', '=', owner),
          eb('lease_expires_at', '<', sql<Date>`now()`),
        ]),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /** Extends the leases this instance holds; returns the jobs it still holds. */
  async renew(db: Db, jobIds: string[], owner: string, leaseMs: number): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const rows = await db
      .updateTable('writing_jobs')
      .set({ lease_expires_at: leaseUntil(leaseMs) })
      .where('id', 'in', jobIds)
      .where('lease_owner', '=', owner)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },

  async release(db: Db, jobId: string, owner: string): Promise<void> {
    await db
      .updateTable('writing_jobs')
      .set({ lease_owner: null, lease_expires_at: null })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .execute();
  },

  /**
   * Stops the book's unfinished job (its book went to the trash at `attempt`): its lease goes, so whichever
   * instance works on it loses it at its next renewal or commit, and no sweep claims it again. A job that
   * has moved on to a newer attempt (the book was restored since) is left alone. Answers the job stopped,
   * if one was.
   */
  async stop(db: Db, bookId: string, attempt: number): Promise<string | undefined> {
    const row = await db
      .updateTable('writing_jobs')
      .set({ status: 'stopped', lease_owner: null, lease_expires_at: null, updated_at: sql<Date>`now()` })
      .where('book_id', '=', bookId)
      .where('status', '=', 'writing')
      .where('current_attempt', '<=', attempt)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /**
   * Adds token usage to the job and locks its row for the rest of the transaction, if `owner` holds its
   * lease; false otherwise (nothing changed). A chapter's commit begins with it: the lock and the usage in
   * one statement.
   */
  async chargeHoldingLease(db: Db, jobId: string, owner: string, usage: LlmUsageTotals): Promise<boolean> {
    const row = await db
      .updateTable('writing_jobs')
      .set({
        prompt_tokens: sql<number>`prompt_tokens + ${usage.promptTokens}`,
        completion_tokens: sql<number>`completion_tokens + ${usage.completionTokens}`,
        llm_calls: sql<number>`llm_calls + ${usage.calls}`,
      })
      .where('id', '=', jobId)
      .where('status', '=', 'writing')
      .where('lease_owner', '=', owner)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async markFailed(db: Db, jobId: string, owner: string, reason: string): Promise<void> {
    await db
      .updateTable('writing_jobs')
      .set({
        status: 'failed',
        failure_reason: reason,
        failure_reported: false,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', jobId)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'writing')
      .execute();
  },

  async markFailureReported(db: Db, jobId: string, reason: string): Promise<void> {
    await db
      .updateTable('writing_jobs')
      .set({ failure_reported: true })
      .where('id', '=', jobId)
      .where('status', '=', 'failed')
      .where('failure_reason', '=', reason)
      .execute();
  },

  unreportedFailures(db: Db, limit: number) {
    return db
      .selectFrom('writing_jobs')
      .select(['id', 'book_id', 'kind', 'failure_reason'])
      .where('status', '=', 'failed')
      .where('failure_reported', '=', false)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  },

  async markCompleted(db: Db, jobId: string, manuscript: { key: string; words: number; pages: number }): Promise<void> {
    await db
      .updateTable('writing_jobs')
      .set({
        status: 'completed',
        manuscript_key: manuscript.key,
        words: manuscript.words,
        pages: manuscript.pages,
        lease_owner: null,
        lease_expires_at: null,
        completed_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', jobId)
      .execute();
  },

  async addUsage(db: Db, jobId: string, usage: LlmUsageTotals): Promise<void> {
    if (usage.calls === 0) return;
    await db
      .updateTable('writing_jobs')
      .set({
        prompt_tokens: sql<number>`prompt_tokens + ${usage.promptTokens}`,
        completion_tokens: sql<number>`completion_tokens + ${usage.completionTokens}`,
        llm_calls: sql<number>`llm_calls + ${usage.calls}`,
      })
      .where('id', '=', jobId)
      .execute();
  },
};

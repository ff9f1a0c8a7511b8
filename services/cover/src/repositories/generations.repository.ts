import { sql, type Kysely } from 'kysely';
import type { CoverDatabase, CoverGenerationRow } from '../db/schema';

export type Reservation = { kind: 'reserved' } | { kind: 'rate-limited' } | { kind: 'exists'; row: CoverGenerationRow };

/** Cover generations: the per-user rate limit and the replay of a repeated request id. */
export const generationsRepository = {
  /**
   * Records a running generation unless the user has `limit` generations (running or done) since `since`,
   * or the request id is known already. One transaction under a per-user lock, so concurrent requests
   * (on any replica) cannot both take the last slot.
   */
  async reserve(
    db: Kysely<CoverDatabase>,
    generation: { requestId: string; userId: string; bookId: string; since: Date; limit: number; now: Date },
  ): Promise<Reservation> {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`cover:${generation.userId}`}))`.execute(trx);
      const existing = await trx
        .selectFrom('cover_generations')
        .selectAll()
        .where('request_id', '=', generation.requestId)
        .executeTakeFirst();
      if (existing) return { kind: 'exists', row: existing };
      const { count } = await trx
        .selectFrom('cover_generations')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', generation.userId)
        .where('created_at', '>', generation.since)
        .where('status', 'in', ['running', 'done'])
        .executeTakeFirstOrThrow();
      if (Number(count) >= generation.limit) return { kind: 'rate-limited' };
      await trx
        .insertInto('cover_generations')
        .values({
          request_id: generation.requestId,
          user_id: generation.userId,
          book_id: generation.bookId,
          status: 'running',
          created_at: generation.now,
          updated_at: generation.now,
        })
        .execute();
      return { kind: 'reserved' };
    });
  },

  async complete(
    db: Kysely<CoverDatabase>,
    requestId: string,
    cover: { coverId: string; width: number; height: number; provider: string },
  ): Promise<void> {
    await db
      .updateTable('cover_generations')
      .set({
        status: 'done',
        cover_id: cover.coverId,
        width: cover.width,
        height: cover.height,
        provider: cover.provider,
        updated_at: new Date(),
      })
      .where('request_id', '=', requestId)
      .execute();
  },

  /** A failed generation no longer counts against the rate limit. */
  async fail(db: Kysely<CoverDatabase>, requestId: string): Promise<void> {
    await db
      .updateTable('cover_generations')
      .set({ status: 'failed', updated_at: new Date() })
      .where('request_id', '=', requestId)
      .execute();
  },

  /** Forgets a reservation that never started (the allowance was refused). */
  async remove(db: Kysely<CoverDatabase>, requestId: string): Promise<void> {
    await db.deleteFrom('cover_generations').where('request_id', '=', requestId).execute();
  },

  /** The records of a deleted book's generations; answers how many went. */
  async deleteForBook(db: Kysely<CoverDatabase>, bookId: string): Promise<number> {
    const result = await db.deleteFrom('cover_generations').where('book_id', '=', bookId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The records of a deleted account's generations (its rate-limit history); answers how many went. */
  async deleteForUser(db: Kysely<CoverDatabase>, userId: string): Promise<number> {
    const result = await db.deleteFrom('cover_generations').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Rows older than `before` serve neither the limit nor a replay. */
  async deleteOlderThan(db: Kysely<CoverDatabase>, before: Date): Promise<number> {
    const result = await db.deleteFrom('cover_generations').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

import type { Kysely } from 'kysely';
import type { UserDatabase } from '../db/schema';

export const sessionsRepository = {
  async insert(
    db: Kysely<UserDatabase>,
    session: { id: string; userId: string; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        token_hash: session.tokenHash,
        expires_at: session.expiresAt,
        revoked_at: null,
      })
      .execute();
  },

  /** Only a session that is neither revoked nor expired. */
  findActiveByTokenHash(db: Kysely<UserDatabase>, tokenHash: string, now: Date) {
    return db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /** The session it revoked, or nothing when it was unknown or already revoked. */
  revokeByTokenHash(
    db: Kysely<UserDatabase>,
    tokenHash: string,
    now: Date,
  ): Promise<{ id: string; user_id: string } | undefined> {
    return db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning(['id', 'user_id'])
      .executeTakeFirst();
  },

  /** `except` keeps one session (the caller's) signed in. */
  async revokeAllForUser(
    db: Kysely<UserDatabase>,
    userId: string,
    now: Date,
    options: { except?: string } = {},
  ): Promise<void> {
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (options.except) query = query.where('id', '!=', options.except);
    await query.execute();
  },

  /** Housekeeping: rows past expiry or revoked more than a day ago carry no information worth keeping. */
  async deleteStale(db: Kysely<UserDatabase>, now: Date): Promise<number> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const result = await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', dayAgo)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

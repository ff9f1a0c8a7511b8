import type { Kysely } from 'kysely';
import type { UserDatabase } from '../db/schema';

export const resetTokensRepository = {
  async insert(
    db: Kysely<UserDatabase>,
    token: { id: string; userId: string; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await db
      .insertInto('password_reset_tokens')
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
        used_at: null,
      })
      .execute();
  },

  /** Locks the row so two concurrent resets with the same token cannot both succeed. */
  findForUpdate(db: Kysely<UserDatabase>, tokenHash: string) {
    return db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  },

  async markUsed(db: Kysely<UserDatabase>, id: string, now: Date): Promise<void> {
    await db.updateTable('password_reset_tokens').set({ used_at: now }).where('id', '=', id).execute();
  },

  /** A new link makes the older unused ones void, so only the latest mail works. */
  async voidUnusedForUser(db: Kysely<UserDatabase>, userId: string, now: Date): Promise<void> {
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  },
};

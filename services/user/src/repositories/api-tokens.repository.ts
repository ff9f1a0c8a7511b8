import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, UserDatabase } from '../db/schema';

export type ApiTokenRow = Selectable<ApiTokensTable>;

export const apiTokensRepository = {
  async insert(
    db: Kysely<UserDatabase>,
    token: {
      id: string;
      userId: string;
      name: string;
      tokenHash: string;
      lastFour: string;
      scopes: string;
      createdAt: Date;
      expiresAt: Date | null;
      workspaceId: string | null;
    },
  ): Promise<ApiTokenRow> {
    return db
      .insertInto('api_tokens')
      .values({
        id: token.id,
        user_id: token.userId,
        name: token.name,
        token_hash: token.tokenHash,
        last_four: token.lastFour,
        scopes: token.scopes,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        workspace_id: token.workspaceId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /**
   * The tokens a person manages that are not revoked (expired ones too: their owner sees them lapse), newest
   * first: their personal tokens, and every token of the workspaces they administer.
   */
  listLive(
    db: Kysely<UserDatabase>,
    userId: string,
    administeredWorkspaces: readonly string[],
  ): Promise<(ApiTokenRow & { maker_first_name: string; maker_last_name: string })[]> {
    return db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('api_tokens')
      .select(['users.first_name as maker_first_name', 'users.last_name as maker_last_name'])
      .where('api_tokens.revoked_at', 'is', null)
      .where((eb) =>
        administeredWorkspaces.length === 0
          ? eb.and([eb('api_tokens.user_id', '=', userId), eb('api_tokens.workspace_id', 'is', null)])
          : eb.or([
              eb.and([eb('api_tokens.user_id', '=', userId), eb('api_tokens.workspace_id', 'is', null)]),
              eb('api_tokens.workspace_id', 'in', administeredWorkspaces),
            ]),
      )
      .orderBy('api_tokens.created_at', 'desc')
      .orderBy('api_tokens.id', 'desc')
      .execute();
  },

  findLive(db: Kysely<UserDatabase>, tokenId: string): Promise<ApiTokenRow | undefined> {
    return db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  },

  /** By the keyed hash of the whole token: the only way a token in use is found. */
  findByHash(db: Kysely<UserDatabase>, tokenHash: string): Promise<ApiTokenRow | undefined> {
    return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  /** The token it revoked, or nothing when it was revoked already (who may revoke it is the caller's check). */
  revoke(db: Kysely<UserDatabase>, tokenId: string, now: Date): Promise<ApiTokenRow | undefined> {
    return db
      .updateTable('api_tokens')
      .set({ revoked_at: now })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  },

  async noteUse(db: Kysely<UserDatabase>, tokenId: string, at: Date, ip: string): Promise<void> {
    await db.updateTable('api_tokens').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', tokenId).execute();
  },
};

import type { Kysely } from 'kysely';
import type { UserDatabase } from '../db/schema';

export const identityLinksRepository = {
  async findUserId(db: Kysely<UserDatabase>, issuer: string, subject: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('identity_links')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  },

  /** Idempotent: two first sign-ins racing each other both end linked to the account that won. */
  async insert(db: Kysely<UserDatabase>, link: { issuer: string; subject: string; userId: string }): Promise<void> {
    await db
      .insertInto('identity_links')
      .values({ issuer: link.issuer, subject: link.subject, user_id: link.userId })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
  },
};

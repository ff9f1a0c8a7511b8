import type { Kysely } from 'kysely';
import { commentMailIntervalMs } from '@bookwright/contracts/http';
import type { UserDatabase } from '../db/schema';

/** When each person was last mailed about each book's comments (the 10-minute throttle). */
export const commentMailsRepository = {
  /**
   * Takes the person's mail about this book for `now`: true when no mail about it went in the last 10
   * minutes (and this one is recorded), false otherwise. One statement, so two comments at once cannot
   * both take it.
   */
  async claim(db: Kysely<UserDatabase>, userId: string, bookId: string, now: Date): Promise<boolean> {
    const cutoff = new Date(now.getTime() - commentMailIntervalMs);
    const taken = await db
      .insertInto('comment_mails')
      .values({ user_id: userId, book_id: bookId, mailed_at: now })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'book_id'])
          .doUpdateSet({ mailed_at: now })
          .where('comment_mails.mailed_at', '<=', cutoff),
      )
      .returning('user_id')
      .executeTakeFirst();
    return taken !== undefined;
  },

  /**
   * Gives back a claim whose mail did not go: the row goes (the claim succeeded, so the mail before it, if
   * any, is more than 10 minutes old), unless a later claim replaced it.
   */
  async release(db: Kysely<UserDatabase>, userId: string, bookId: string, claimedAt: Date): Promise<void> {
    await db
      .deleteFrom('comment_mails')
      .where('user_id', '=', userId)
      .where('book_id', '=', bookId)
      .where('mailed_at', '=', claimedAt)
      .execute();
  },

  /** The address, first name and comment-mail switch of these people (unknown ids are left out). */
  recipients(db: Kysely<UserDatabase>, userIds: readonly string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'mail_about_comments'])
      .where('id', 'in', userIds)
      .execute();
  },

  /** A book deleted for good: nothing about it is mailed again. */
  async forgetBook(db: Kysely<UserDatabase>, bookId: string): Promise<void> {
    await db.deleteFrom('comment_mails').where('book_id', '=', bookId).execute();
  },
};

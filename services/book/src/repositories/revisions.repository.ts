import { sql, type Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';

/** Manuscript snapshots. Every function takes the executor so callers can run it inside their transaction. */
export const revisionsRepository = {
  latestHash(db: Kysely<BookDatabase>, bookId: string): Promise<string | undefined> {
    return db
      .selectFrom('book_revisions')
      .select('content_hash')
      .where('book_id', '=', bookId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((row) => row?.content_hash);
  },

  async insert(
    db: Kysely<BookDatabase>,
    revision: { id: string; bookId: string; content: string; hash: string; wordCount: number; createdAt?: Date },
  ): Promise<void> {
    await db
      .insertInto('book_revisions')
      .values({
        id: revision.id,
        book_id: revision.bookId,
        content: revision.content,
        content_hash: revision.hash,
        word_count: revision.wordCount,
        ...(revision.createdAt ? { created_at: revision.createdAt } : {}),
      })
      .execute();
  },

  list(db: Kysely<BookDatabase>, bookId: string) {
    return db
      .selectFrom('book_revisions')
      .select(['id', 'created_at', 'word_count'])
      .where('book_id', '=', bookId)
      .orderBy('seq', 'desc')
      .execute();
  },

  find(db: Kysely<BookDatabase>, bookId: string, revisionId: string) {
    return db
      .selectFrom('book_revisions')
      .select(['id', 'created_at', 'word_count', 'content'])
      .where('book_id', '=', bookId)
      .where('id', '=', revisionId)
      .executeTakeFirst();
  },

  /**
   * The retention policy in two deletes: before `keepAllBefore`, only the newest snapshot of each UTC day
   * stays; then anything beyond the newest `max` goes.
   */
  async prune(db: Kysely<BookDatabase>, bookId: string, keepAllBefore: Date, max: number): Promise<void> {
    await sql`
      DELETE FROM book_revisions r
      WHERE r.book_id = ${bookId} AND r.created_at < ${keepAllBefore}
        AND EXISTS (
          SELECT 1 FROM book_revisions n
          WHERE n.book_id = r.book_id AND n.seq > r.seq
            AND (n.created_at AT TIME ZONE 'UTC')::date = (r.created_at AT TIME ZONE 'UTC')::date
        )`.execute(db);
    await sql`
      DELETE FROM book_revisions
      WHERE book_id = ${bookId} AND seq <= (
        SELECT seq FROM book_revisions WHERE book_id = ${bookId} ORDER BY seq DESC OFFSET ${max} LIMIT 1
      )`.execute(db);
  },
};

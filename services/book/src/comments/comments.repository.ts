import type { Kysely, Selectable } from 'kysely';
import type { CommentAnchor } from '@bookwright/contracts/http';
import type { BookCommentsTable, BookDatabase } from '../db/schema';

export type CommentRow = Selectable<BookCommentsTable>;

export interface NewComment {
  id: string;
  bookId: string;
  /** The thread a reply is in; null for a thread's first comment. */
  threadId: string | null;
  authorId: string;
  body: string;
  /** A thread's anchor; null for a reply. */
  anchor: CommentAnchor | null;
  at: Date;
}

/** Every query of comments: small, taking the caller's executor, so they join its transaction. */
export const commentsRepository = {
  /**
   * The book's row, key-share locked for a comment written in this transaction: a deletion for good waits
   * for the comment (or the comment finds no book), and saves of the text are not held up.
   */
  lockBook(db: Kysely<BookDatabase>, bookId: string) {
    return db
      .selectFrom('books')
      .select(['id', 'user_id', 'deleted_at', 'workspace_id'])
      .where('id', '=', bookId)
      .forKeyShare()
      .executeTakeFirst();
  },

  async insert(db: Kysely<BookDatabase>, comment: NewComment): Promise<void> {
    await db
      .insertInto('book_comments')
      .values({
        id: comment.id,
        book_id: comment.bookId,
        thread_id: comment.threadId,
        author_id: comment.authorId,
        body: comment.body,
        anchor: comment.anchor === null ? null : JSON.stringify(comment.anchor),
        created_at: comment.at,
      })
      .execute();
  },

  /** One comment of a book (a thread or a reply); `lock` for a change of it. */
  find(db: Kysely<BookDatabase>, bookId: string, commentId: string, lock?: 'update' | 'key share') {
    let query = db.selectFrom('book_comments').selectAll().where('id', '=', commentId).where('book_id', '=', bookId);
    if (lock === 'update') query = query.forUpdate();
    if (lock === 'key share') query = query.forKeyShare();
    return query.executeTakeFirst();
  },

  /** The book's comments, threads and replies, oldest first; or one thread's. */
  list(db: Kysely<BookDatabase>, bookId: string, threadId?: string): Promise<CommentRow[]> {
    let query = db.selectFrom('book_comments').selectAll().where('book_id', '=', bookId);
    if (threadId !== undefined)
      query = query.where((eb) => eb.or([eb('id', '=', threadId), eb('thread_id', '=', threadId)]));
    return query.orderBy('seq').execute();
  },

  /** Everyone who wrote in a thread, each once, in the order they first wrote in it (its author first). */
  async threadWriters(db: Kysely<BookDatabase>, threadId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('book_comments')
      .select('author_id')
      .where((eb) => eb.or([eb('id', '=', threadId), eb('thread_id', '=', threadId)]))
      .groupBy('author_id')
      .orderBy((eb) => eb.fn.min('seq'))
      .execute();
    return rows.map((row) => row.author_id);
  },

  async setBody(db: Kysely<BookDatabase>, commentId: string, body: string, at: Date): Promise<void> {
    await db.updateTable('book_comments').set({ body, edited_at: at }).where('id', '=', commentId).execute();
  },

  /** Resolves a thread (who and when), or reopens it (null). */
  async setResolved(
    db: Kysely<BookDatabase>,
    commentId: string,
    resolved: { by: string; at: Date } | null,
  ): Promise<void> {
    await db
      .updateTable('book_comments')
      .set({ resolved_by: resolved?.by ?? null, resolved_at: resolved?.at ?? null })
      .where('id', '=', commentId)
      .execute();
  },

  /** Deletes a comment; a thread's replies go with it (cascade). */
  async remove(db: Kysely<BookDatabase>, commentId: string): Promise<void> {
    await db.deleteFrom('book_comments').where('id', '=', commentId).execute();
  },

  /** The stored nodes of these chapters (numbers from 1), by number; a number the book lacks is absent. */
  async chapterNodes(db: Kysely<BookDatabase>, bookId: string, chapters: readonly number[]) {
    if (chapters.length === 0) return new Map<number, string>();
    const rows = await db
      .selectFrom('book_chapters')
      .select(['position', 'nodes'])
      .where('book_id', '=', bookId)
      .where(
        'position',
        'in',
        chapters.map((chapter) => chapter - 1),
      )
      .execute();
    return new Map(rows.map((row) => [row.position + 1, row.nodes]));
  },
};

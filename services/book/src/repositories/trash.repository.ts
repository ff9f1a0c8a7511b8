import type { Kysely } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';
import { bookContent, bookSummaryColumns, type BookSummaryRow } from './books.repository';

export type TrashedBookRow = BookSummaryRow & { deleted_at: Date };

/** The trash: books whose `deleted_at` is set. Every function takes the executor so it can join a transaction. */
export const trashRepository = {
  /** The user's trashed books, most recently trashed first. */
  async list(db: Kysely<BookDatabase>, userId: string): Promise<TrashedBookRow[]> {
    const rows = await db
      .selectFrom('books')
      .select([...bookSummaryColumns, 'deleted_at'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .orderBy('deleted_at', 'desc')
      .orderBy('id')
      .execute();
    return rows as TrashedBookRow[];
  },

  /** The book when it is in `userId`'s trash (the list above holds it), else undefined. */
  async findOwnedTrashed(db: Kysely<BookDatabase>, id: string, userId: string) {
    return db
      .selectFrom('books')
      .select(['id', 'user_id', 'workspace_id'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
  },

  /** Moves the book in or out of the trash; the status and everything else stay as they are. */
  async setDeletedAt(db: Kysely<BookDatabase>, id: string, deletedAt: Date | null): Promise<BookRow> {
    return (
      db
        .updateTable('books')
        // updated_at moves too: a restored book's stall watchdog counts from the restore.
        .set({ deleted_at: deletedAt, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .returning(bookContent)
        .executeTakeFirstOrThrow()
    );
  },

  /** Books trashed before `before` (the sweep's), oldest first. */
  /** When the book went to the trash (null: it is not there), read under a row lock for the transaction. */
  async lockTrashedAt(db: Kysely<BookDatabase>, id: string): Promise<Date | null | undefined> {
    const row = await db.selectFrom('books').select(['deleted_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    return row ? (row.deleted_at === null ? null : new Date(row.deleted_at)) : undefined;
  },

  async listTrashedBefore(db: Kysely<BookDatabase>, before: Date, limit: number) {
    return db
      .selectFrom('books')
      .select(['id', 'user_id'])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', before)
      .orderBy('deleted_at')
      .limit(limit)
      .execute();
  },

  /** Deletes a trashed book; its revisions go by cascade. Nothing when it is not in the trash (any more). */
  async deleteTrashed(db: Kysely<BookDatabase>, id: string) {
    return db
      .deleteFrom('books')
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning(['id', 'user_id', 'translation'])
      .executeTakeFirst();
  },
};

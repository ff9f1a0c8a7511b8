import { sql, type Kysely } from 'kysely';
import { mayDo, type BookRole } from '@bookwright/contracts/http';
import { roleOn } from '../access/book-access';
import type { BookDatabase, BookRow } from '../db/schema';
import { bookContent } from './books.repository';

/*
 * Reads for the takeout (GET /user/export). They never filter on the trash: an author's data includes
 * the books they trashed.
 */

const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

export interface TakeoutBookRow {
  id: string;
  title: string;
  deletedAt: string | null;
  hasManuscript: boolean;
  /** A book shared with the user (their role may export it), not their own. */
  shared: boolean;
}

const presentRow = (
  row: { id: string; title: string; deleted_at: unknown; has_manuscript: boolean },
  shared: boolean,
): TakeoutBookRow => ({
  id: row.id,
  title: row.title,
  deletedAt: isoOrNull(row.deleted_at),
  hasManuscript: row.has_manuscript,
  shared,
});

export interface NamedVersionRow {
  id: string;
  bookId: string;
  name: string;
  createdAt: string;
  wordCount: number;
}

export const takeoutRepository = {
  /** Every book of the user, trashed ones included, newest first (ids and titles only). */
  async listOwnBooks(db: Kysely<BookDatabase>, userId: string): Promise<TakeoutBookRow[]> {
    const own = await db
      .selectFrom('books')
      .select(['id', 'title', 'deleted_at'])
      .select(sql<boolean>`manuscript_chapters is not null`.as('has_manuscript'))
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return own.map((row) => presentRow(row, false));
  },

  /** These books of other people, in the order given, marked as shared (ids and titles only). */
  async listSharedBooks(db: Kysely<BookDatabase>, bookIds: string[]): Promise<TakeoutBookRow[]> {
    if (bookIds.length === 0) return [];
    const rows = await db
      .selectFrom('books')
      .select(['id', 'title', 'deleted_at'])
      .select(sql<boolean>`manuscript_chapters is not null`.as('has_manuscript'))
      .where('id', 'in', bookIds)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return bookIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [presentRow(row, true)] : [];
    });
  },

  /**
   * The user's role on a book the takeout may hold: theirs (trashed too), or, in the library, a role the
   * access module gives them that may export (a share, or a team workspace's).
   */
  async takeoutRole(db: Kysely<BookDatabase>, userId: string, bookId: string): Promise<BookRole | undefined> {
    const book = await db
      .selectFrom('books')
      .select(['id', 'user_id', 'deleted_at', 'workspace_id'])
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (!book) return undefined;
    if (book.user_id === userId) return 'owner';
    if (book.deleted_at !== null) return undefined;
    const role = await roleOn(db, userId, book);
    return role !== undefined && mayDo(role, 'export') ? role : undefined;
  },

  /** The named versions of these books, oldest first (no texts). */
  async namedVersions(db: Kysely<BookDatabase>, bookIds: string[]): Promise<NamedVersionRow[]> {
    if (bookIds.length === 0) return [];
    const rows = await db
      .selectFrom('book_revisions')
      .select(['id', 'book_id', 'created_at', 'word_count', 'name'])
      .where('book_id', 'in', bookIds)
      .where('name', 'is not', null)
      .$narrowType<{ name: string }>()
      .orderBy('seq')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      bookId: row.book_id,
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      wordCount: row.word_count,
    }));
  },

  /** One book whole, trashed or not, with the user's role; undefined for a book the takeout does not hold. */
  async findBook(
    db: Kysely<BookDatabase>,
    userId: string,
    bookId: string,
  ): Promise<{ row: BookRow; deletedAt: string | null; role: BookRole } | undefined> {
    const role = await takeoutRepository.takeoutRole(db, userId, bookId);
    if (!role) return undefined;
    const row = await db
      .selectFrom('books')
      .selectAll('books')
      .select(bookContent)
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { row, deletedAt: isoOrNull(row.deleted_at), role };
  },

  /** The text of a named version of a book the takeout holds; undefined otherwise. */
  async findVersionContent(
    db: Kysely<BookDatabase>,
    userId: string,
    bookId: string,
    revisionId: string,
  ): Promise<string | undefined> {
    if (!(await takeoutRepository.takeoutRole(db, userId, bookId))) return undefined;
    const row = await db
      .selectFrom('book_revisions')
      .select('content')
      .where('id', '=', revisionId)
      .where('book_id', '=', bookId)
      .executeTakeFirst();
    return row?.content;
  },
};

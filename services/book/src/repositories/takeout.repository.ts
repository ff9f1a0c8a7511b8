import { sql, type Kysely } from 'kysely';
import { mayDo, sharedRoles, type BookRole } from '@bookwright/contracts/http';
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

/** The shared roles whose books a person's takeout holds: those that may export (contracts' table). */
const exportingRoles = sharedRoles.filter((role) => mayDo(role, 'export'));

export interface NamedVersionRow {
  id: string;
  bookId: string;
  name: string;
  createdAt: string;
  wordCount: number;
}

export const takeoutRepository = {
  /**
   * Every book of the user, trashed ones included, newest first, then the books shared with them that
   * their role may export (not those in their owner's trash), newest first (ids and titles only).
   */
  async listBooks(db: Kysely<BookDatabase>, userId: string): Promise<TakeoutBookRow[]> {
    const own = await db
      .selectFrom('books')
      .select(['id', 'title', 'deleted_at'])
      .select(sql<boolean>`manuscript_chapters is not null`.as('has_manuscript'))
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    const shared = await db
      .selectFrom('book_members')
      .innerJoin('books', 'books.id', 'book_members.book_id')
      .select(['books.id', 'books.title', 'books.deleted_at'])
      .select(sql<boolean>`manuscript_chapters is not null`.as('has_manuscript'))
      .where('book_members.user_id', '=', userId)
      .where('book_members.role', 'in', exportingRoles)
      .where('books.deleted_at', 'is', null)
      .orderBy('books.created_at', 'desc')
      .orderBy('books.id')
      .execute();
    const present = (row: (typeof own)[number], isShared: boolean): TakeoutBookRow => ({
      id: row.id,
      title: row.title,
      deletedAt: isoOrNull(row.deleted_at),
      hasManuscript: row.has_manuscript,
      shared: isShared,
    });
    return [...own.map((row) => present(row, false)), ...shared.map((row) => present(row, true))];
  },

  /** The user's role on a book the takeout may hold: theirs (trashed too), or shared with a role that exports. */
  async takeoutRole(db: Kysely<BookDatabase>, userId: string, bookId: string): Promise<BookRole | undefined> {
    const book = await db
      .selectFrom('books')
      .select(['user_id', 'deleted_at'])
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (!book) return undefined;
    if (book.user_id === userId) return 'owner';
    if (book.deleted_at !== null) return undefined;
    const share = await db
      .selectFrom('book_members')
      .select('role')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .where('role', 'in', exportingRoles)
      .executeTakeFirst();
    return share?.role;
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

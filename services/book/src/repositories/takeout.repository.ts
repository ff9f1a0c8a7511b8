import { sql, type Kysely } from 'kysely';
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
}

export interface NamedVersionRow {
  id: string;
  bookId: string;
  name: string;
  createdAt: string;
  wordCount: number;
}

export const takeoutRepository = {
  /** Every book of the user, trashed ones included, newest first (ids and titles only). */
  async listBooks(db: Kysely<BookDatabase>, userId: string): Promise<TakeoutBookRow[]> {
    const rows = await db
      .selectFrom('books')
      .select(['id', 'title', 'deleted_at'])
      .select(sql<boolean>`manuscript_chapters is not null`.as('has_manuscript'))
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      deletedAt: isoOrNull(row.deleted_at),
      hasManuscript: row.has_manuscript,
    }));
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

  /** One book whole, trashed or not; undefined for an unknown id and for anyone else's book. */
  async findBook(
    db: Kysely<BookDatabase>,
    userId: string,
    bookId: string,
  ): Promise<{ row: BookRow; deletedAt: string | null } | undefined> {
    const row = await db
      .selectFrom('books')
      .selectAll('books')
      .select(bookContent)
      .where('id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { row, deletedAt: isoOrNull(row.deleted_at) };
  },

  /** The text of a named version of one of the user's books; undefined otherwise. */
  async findVersionContent(
    db: Kysely<BookDatabase>,
    userId: string,
    bookId: string,
    revisionId: string,
  ): Promise<string | undefined> {
    const row = await db
      .selectFrom('book_revisions')
      .innerJoin('books', 'books.id', 'book_revisions.book_id')
      .select('book_revisions.content')
      .where('book_revisions.id', '=', revisionId)
      .where('book_revisions.book_id', '=', bookId)
      .where('books.user_id', '=', userId)
      .executeTakeFirst();
    return row?.content;
  },
};

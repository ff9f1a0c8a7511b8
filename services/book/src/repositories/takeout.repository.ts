import { sql, type Kysely } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';

/*
 * Reads for the takeout (GET /user/export). They never filter on the trash: an author's data includes
 * the books they trashed.
 *
 * Two columns the takeout reports come with other changes of issue 19: `books.deleted_at` (the trash) and
 * `book_revisions.name` (named versions). Until a migration adds them they read as absent (null, and no
 * named versions); the probe below lets this code run before and after, and once both columns are in
 * the typed schema the probe and the `sql.ref`s can become plain column references.
 */

async function hasColumn(db: Kysely<BookDatabase>, table: string, column: string): Promise<boolean> {
  const found = await sql<{ found: boolean }>`
    select exists (
      select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name = ${column}
    ) as found`.execute(db);
  return found.rows[0]?.found === true;
}

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
    const trash = await hasColumn(db, 'books', 'deleted_at');
    const rows = await db
      .selectFrom('books')
      .select(['id', 'title'])
      .select(sql<boolean>`book_content is not null`.as('has_manuscript'))
      .select(trash ? sql<Date | null>`${sql.ref('deleted_at')}`.as('deleted_at') : sql<null>`null`.as('deleted_at'))
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
    if (bookIds.length === 0 || !(await hasColumn(db, 'book_revisions', 'name'))) return [];
    const rows = await db
      .selectFrom('book_revisions')
      .select(['id', 'book_id', 'created_at', 'word_count'])
      .select(sql<string>`${sql.ref('name')}`.as('name'))
      .where('book_id', 'in', bookIds)
      .where(sql.ref('name'), 'is not', null)
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
    const trash = await hasColumn(db, 'books', 'deleted_at');
    const row = await db
      .selectFrom('books')
      .selectAll()
      .select(trash ? sql<Date | null>`${sql.ref('deleted_at')}`.as('trashed_at') : sql<null>`null`.as('trashed_at'))
      .where('id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { trashed_at: trashedAt, ...book } = row;
    return { row: book as BookRow, deletedAt: isoOrNull(trashedAt) };
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

import { sql, type Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';

export interface ChaptersMentioning {
  book_id: string;
  /** How many of the book's chapters hold the query. */
  chapters: number;
  /** The places of the first of them, in reading order. */
  first: number[];
}

/**
 * The book search's reads (decision 0051): a scan of the folded text of the chapters of the books named,
 * with `strpos` (no pattern characters to escape, no extension: PGlite has neither pg_trgm nor unaccent).
 */
export const searchRepository = {
  /** For each of `bookIds` that mentions `folded` (a query through `foldForSearch`), where. */
  async chaptersMentioning(
    db: Kysely<BookDatabase>,
    bookIds: readonly string[],
    folded: string,
    firstCount: number,
  ): Promise<ChaptersMentioning[]> {
    if (bookIds.length === 0) return [];
    const { rows } = await sql<ChaptersMentioning>`
      select book_id, count(*)::integer as chapters,
        (array_agg(position order by position))[1:${firstCount}::integer] as first
      from book_chapters
      where book_id in (${sql.join(bookIds)}) and strpos(search_text, ${folded}) > 0
      group by book_id`.execute(db);
    return rows;
  },

  /** The nodes (their stored JSON text) of the chapters named, to cut passages from. */
  chapterNodes(db: Kysely<BookDatabase>, places: readonly { bookId: string; position: number }[]) {
    if (places.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('book_chapters')
      .select(['book_id', 'position', 'nodes'])
      .where((eb) =>
        eb.or(
          places.map(({ bookId, position }) => eb.and([eb('book_id', '=', bookId), eb('position', '=', position)])),
        ),
      )
      .execute();
  },
};

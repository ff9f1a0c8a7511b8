import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';
import type { TiptapNode } from '@bookwright/contracts/http';
import { storedChapter } from '../../domain/stored-manuscript';

/** Chapters folded per statement of the backfill: a few hundred half-megabyte rows at most in memory. */
const batch = 200;

/**
 * Each chapter row keeps its text folded for the book search (`book_chapters.search_text`, decision 0051),
 * written with its nodes. Stored uncompressed (EXTERNAL): a search reads the column of every chapter the
 * person may read, and decompressing it each time would cost more than the disk it saves. The chapters
 * already stored are folded here, a batch at a time, then the column is required.
 */
export const chapterSearchTextMigration: Migration = {
  name: '0016_chapter_search_text',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('book_chapters').addColumn('search_text', 'text').execute();
    await sql`alter table book_chapters alter column search_text set storage external`.execute(db);
    for (;;) {
      const { rows } = await sql<{ book_id: string; position: number; nodes: string }>`
        select book_id, position, nodes from book_chapters where search_text is null limit ${batch}`.execute(db);
      if (rows.length === 0) break;
      for (const { book_id, position, nodes } of rows) {
        const { searchText } = storedChapter(JSON.parse(`[${nodes}]`) as TiptapNode[]);
        await sql`update book_chapters set search_text = ${searchText}
          where book_id = ${book_id} and position = ${position}`.execute(db);
      }
    }
    await db.schema
      .alterTable('book_chapters')
      .alterColumn('search_text', (c) => c.setNotNull())
      .execute();
  },
};

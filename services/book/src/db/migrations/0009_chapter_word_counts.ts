import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';
import type { TiptapNode } from '@bookwright/contracts/http';
import { chapterWordCount } from '../../domain/stored-manuscript';

/** Chapters counted per statement of the backfill: a few hundred half-megabyte rows at most in memory. */
const batch = 200;

/**
 * Each chapter row keeps its word count (`book_chapters.word_count`), written with its text: a snapshot
 * of the stored manuscript (before a restore, say) is then copied by the database from the chapter rows,
 * its count a sum, without the text coming to the service to be parsed and counted (issue 22: half a
 * megabyte read, parsed and walked on every restore; decision 0037). The chapters already stored are
 * counted here, a batch at a time, then the column is required.
 */
export const chapterWordCountsMigration: Migration = {
  name: '0009_chapter_word_counts',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('book_chapters').addColumn('word_count', 'integer').execute();
    for (;;) {
      const { rows } = await sql<{ book_id: string; position: number; nodes: string }>`
        select book_id, position, nodes from book_chapters where word_count is null limit ${batch}`.execute(db);
      if (rows.length === 0) break;
      for (const { book_id, position, nodes } of rows) {
        const words = chapterWordCount(JSON.parse(`[${nodes}]`) as TiptapNode[]);
        await sql`update book_chapters set word_count = ${words}
          where book_id = ${book_id} and position = ${position}`.execute(db);
      }
    }
    await db.schema
      .alterTable('book_chapters')
      .alterColumn('word_count', (c) => c.setNotNull())
      .execute();
  },
};

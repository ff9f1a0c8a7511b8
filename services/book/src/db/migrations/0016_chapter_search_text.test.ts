import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '@bookwright/kit/testing';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { migrations } from './index';
import { chapterSearchTextMigration } from './0016_chapter_search_text';
import type { BookDatabase } from '../schema';
import { bookRow } from '../../testing/book-row';
import { storedManuscript } from '../../domain/stored-manuscript';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text }] });

describe('0016_chapter_search_text', () => {
  it('folds the text of every chapter already stored, whatever the batch, then requires it, stored uncompressed', async () => {
    const before = migrations.slice(0, migrations.indexOf(chapterSearchTextMigration));
    const database = await createTestDatabase<BookDatabase>('book', before);
    closers.push(database.close);
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    // More chapters than one batch of the backfill folds.
    const document = {
      type: 'doc',
      content: Array.from({ length: 250 }, (_, c) => [heading(`Chapter ${c}`), paragraph(`ZOË Çelik, ${c}`)]).flat(),
    } as TiptapDocument;
    await db
      .insertInto('books')
      .values(bookRow({ id: 'b', status: 'ready' }))
      .execute();
    const { chapters } = storedManuscript(document);
    for (const [position, chapter] of chapters.entries()) {
      await sql`insert into book_chapters (book_id, position, nodes, hash, word_count)
        values ('b', ${position}, ${chapter.nodes}, ${chapter.hash}, ${chapter.wordCount})`.execute(db);
    }

    await chapterSearchTextMigration.up(db);

    const { rows } = await sql<{ search_text: string }>`
      select search_text from book_chapters where book_id = 'b' order by position`.execute(db);
    expect(rows.map((row) => row.search_text)).toEqual(chapters.map((chapter) => chapter.searchText));
    expect(rows[7]?.search_text).toBe('chapter 7\n\nzoe celik, 7');
    const { rows: storage } = await sql<{ attstorage: string }>`
      select attstorage from pg_attribute
      where attrelid = 'book_chapters'::regclass and attname = 'search_text'`.execute(db);
    expect(storage).toEqual([{ attstorage: 'e' }]);
    await expect(
      sql`insert into book_chapters (book_id, position, nodes, hash, word_count)
        values ('b', 999, '', 'h', 0)`.execute(db),
    ).rejects.toThrow(/search_text/);
  });
});

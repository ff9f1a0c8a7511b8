import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '@bookwright/kit/testing';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { migrations } from './index';
import { chapterWordCountsMigration } from './0009_chapter_word_counts';
import type { BookDatabase } from '../schema';
import { bookRow } from '../../testing/book-row';
import { storedManuscript } from '../../domain/stored-manuscript';
import { wordCountOf } from '../../domain/revision-policy';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text }] });

describe('0009_chapter_word_counts', () => {
  it('counts the words of every chapter already stored, whatever the batch, then requires the count', async () => {
    const before = migrations.slice(0, migrations.indexOf(chapterWordCountsMigration));
    const database = await createTestDatabase<BookDatabase>('book', before);
    closers.push(database.close);
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    // More chapters than one batch of the backfill counts.
    const books = Array.from({ length: 3 }, (_, b) => ({
      id: `book-${b}`,
      document: {
        type: 'doc',
        content: [
          paragraph(`preface of ${b}`),
          ...Array.from({ length: 90 }, (_, c) => [
            heading(`Chapter ${c}`),
            paragraph('one two  three\u00a0four'),
          ]).flat(),
        ],
      } as TiptapDocument,
    }));
    for (const { id, document } of books) {
      await db
        .insertInto('books')
        .values(bookRow({ id, status: 'ready' }))
        .execute();
      const { chapters } = storedManuscript(document);
      for (const [position, chapter] of chapters.entries()) {
        await sql`insert into book_chapters (book_id, position, nodes, hash)
          values (${id}, ${position}, ${chapter.nodes}, ${chapter.hash})`.execute(db);
      }
      await sql`update books set manuscript_chapters = ${chapters.length} where id = ${id}`.execute(db);
    }

    await chapterWordCountsMigration.up(db);

    for (const { id, document } of books) {
      const { rows } = await sql<{ word_count: number }>`
        select word_count from book_chapters where book_id = ${id} order by position`.execute(db);
      expect(rows.map((row) => row.word_count)).toEqual(storedManuscript(document).chapters.map((c) => c.wordCount));
      expect(rows.reduce((sum, row) => sum + row.word_count, 0)).toBe(wordCountOf(document));
    }
    await expect(
      sql`insert into book_chapters (book_id, position, nodes, hash) values ('book-0', 999, '', 'h')`.execute(db),
    ).rejects.toThrow(/word_count/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '@bookwright/kit/testing';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { migrations } from './index';
import { chaptersAsRowsMigration } from './0007_chapters_as_rows';
import type { BookDatabase } from '../schema';
import { bookRow } from '../../testing/book-row';
import { booksRepository } from '../../repositories/books.repository';
import { storedManuscript } from '../../domain/stored-manuscript';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text }] });

describe('0007_chapters_as_rows', () => {
  it('cuts every stored manuscript into its chapters, and a book without one stays without', async () => {
    const before = migrations.slice(0, migrations.indexOf(chaptersAsRowsMigration));
    const database = await createTestDatabase<BookDatabase>('book', before);
    closers.push(database.close);
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const written: TiptapDocument = {
      type: 'doc',
      content: [paragraph('preface'), heading('One'), paragraph('a'), heading('Two'), paragraph('b')],
    };
    const empty: TiptapDocument = { type: 'doc', content: [] };
    for (const [id, text] of [
      ['written', JSON.stringify(written)],
      ['empty', JSON.stringify(empty)],
      ['planned', null],
    ] as const) {
      await db
        .insertInto('books')
        .values(bookRow({ id, status: text === null ? 'planning' : 'ready' }))
        .execute();
      await sql`update books set book_content = ${text} where id = ${id}`.execute(db);
    }

    await chaptersAsRowsMigration.up(db);

    const books = database.db;
    expect((await booksRepository.findById(books, 'written'))?.book_content).toBe(JSON.stringify(written));
    expect((await booksRepository.findById(books, 'empty'))?.book_content).toBe(JSON.stringify(empty));
    expect((await booksRepository.findById(books, 'planned'))?.book_content).toBeNull();
    const rows = await books
      .selectFrom('book_chapters')
      .select(['nodes', 'hash'])
      .where('book_id', '=', 'written')
      .orderBy('position')
      .execute();
    expect(rows).toEqual(storedManuscript(written).chapters.map(({ nodes, hash }) => ({ nodes, hash })));
    expect(rows).toHaveLength(3);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '@bookwright/kit/testing';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { migrations } from './index';
import { manuscriptColumns } from './0008_lz4_manuscripts';
import type { BookDatabase } from '../schema';
import { bookRow } from '../../testing/book-row';
import { booksRepository } from '../../repositories/books.repository';
import { revisionsRepository } from '../../repositories/revisions.repository';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe(`0008_lz4_manuscripts (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('compresses manuscripts with lz4 where the server has it, and leaves the default where it does not', async () => {
    const database = await createTestDatabase<BookDatabase>('book', migrations);
    closers.push(database.close);
    const { db } = database;
    // Whether this server was built with lz4, asked the way the migration asks: by trying it.
    const hasLz4 = await db
      .transaction()
      .execute(async (trx) => {
        await sql`CREATE TEMP TABLE lz4_probe (t text COMPRESSION lz4) ON COMMIT DROP`.execute(trx);
        return true;
      })
      .catch(() => false);
    for (const { table, column } of manuscriptColumns) {
      const { rows } = await sql<{ compression: string }>`
        SELECT attcompression::text AS compression FROM pg_attribute
        WHERE attrelid = ${`${database.schema}.${table}`}::regclass AND attname = ${column}`.execute(db);
      // '' is the server's default (pglz unless configured otherwise); 'l' is lz4.
      expect(rows[0]?.compression ?? null, `${table}.${column}`).toBe(hasLz4 ? 'l' : '');
    }
    if (process.env.DATABASE_URL) expect(hasLz4, 'the PostgreSQL of this project is built with lz4').toBe(true);

    // A long manuscript and its snapshot are stored compressed and read back as they were written.
    const words = Array.from({ length: 20_000 }, (_, i) => ['keeper', 'lamp', 'sea', 'glass'][i % 4]).join(' ');
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'One' }] },
        { type: 'paragraph', content: [{ type: 'text', text: words }] },
      ],
    };
    const text = JSON.stringify(document);
    await booksRepository.insert(db, bookRow({ id: 'b1', user_id: 'u1', idempotency_key: 'b1', book_content: text }));
    await revisionsRepository.insert(db, {
      id: 'r1',
      bookId: 'b1',
      content: text,
      hash: 'h',
      wordCount: 20_001,
      kind: 'named',
      name: 'Kept',
      createdAt: new Date(),
    });
    expect((await booksRepository.findById(db, 'b1'))?.book_content).toBe(text);
    expect((await revisionsRepository.find(db, 'b1', 'r1'))?.content).toBe(text);
    const { rows } = await sql<{ stored: number; length: number }>`
      SELECT pg_column_size(content) AS stored, octet_length(content) AS length FROM book_revisions WHERE id = 'r1'`.execute(
      db,
    );
    expect(rows[0]!.stored).toBeLessThan(rows[0]!.length / 4);
  });
});

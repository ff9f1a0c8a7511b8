import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { BookDatabase } from '../db/schema';
import { bookRow } from '../testing/book-row';
import { booksRepository } from './books.repository';
import { revisionsRepository } from './revisions.repository';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe(`revisionsRepository.list (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('lists what a plain select reads, newest first, times to the millisecond and names as stored', async () => {
    const database = await createTestDatabase<BookDatabase>('book', migrations);
    closers.push(database.close);
    const { db } = database;
    await booksRepository.insert(db, bookRow({ id: 'b1', idempotency_key: 'k1' }));
    expect(await revisionsRepository.list(db, 'b1')).toEqual([]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // Microseconds too, as PostgreSQL stores them; before 1970 as well.
            micros: fc.bigInt({ min: -2_000_000_000_000_000n, max: 4_000_000_000_000_000n }),
            words: fc.nat({ max: 2_000_000 }),
            name: fc.option(
              fc.string({ maxLength: 40 }).filter((s) => !s.includes('\u0000')),
              { nil: null },
            ),
          }),
          { maxLength: 12 },
        ),
        async (revisions) => {
          await sql`DELETE FROM book_revisions WHERE book_id = 'b1'`.execute(db);
          for (const [i, revision] of revisions.entries()) {
            await sql`
              INSERT INTO book_revisions (id, book_id, content, content_hash, word_count, name, created_at)
              VALUES (${`r${i}`}, 'b1', '{}', ${`h${i}`}, ${revision.words}, ${revision.name},
                      to_timestamp(0) + ${revision.micros.toString()} * interval '1 microsecond')`.execute(db);
          }
          const plain = await db
            .selectFrom('book_revisions')
            .select(['id', 'created_at', 'word_count', 'name'])
            .where('book_id', '=', 'b1')
            .orderBy('seq', 'desc')
            .execute();
          const listed = await revisionsRepository.list(db, 'b1');
          expect(listed.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }))).toEqual(
            plain.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

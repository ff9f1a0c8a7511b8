import type { Insertable, Kysely, Updateable } from 'kysely';
import type { BookDatabase, BookRow, BooksTable } from '../db/schema';

const summaryColumns = [
  'id',
  'user_id',
  'status',
  'title',
  'subtitle',
  'genre',
  'book_type',
  'language',
  'target_audience',
  'size',
  'cover_image',
  'author',
  'failure',
  'chapters_written',
  'chapters_total',
  'created_at',
  'updated_at',
] as const;
export type BookSummaryRow = Pick<BookRow, (typeof summaryColumns)[number]>;

/** Books table. Every function takes the executor so callers can run it inside their transaction. */
export const booksRepository = {
  /** Returns nothing when the (user, idempotency key) pair already exists. */
  insert(db: Kysely<BookDatabase>, book: Insertable<BooksTable>): Promise<BookRow | undefined> {
    return db
      .insertInto('books')
      .values(book)
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  findByIdempotencyKey(db: Kysely<BookDatabase>, userId: string, key: string): Promise<BookRow | undefined> {
    return db
      .selectFrom('books')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  listSummaries(db: Kysely<BookDatabase>, userId: string): Promise<BookSummaryRow[]> {
    return db
      .selectFrom('books')
      .select(summaryColumns)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  },

  /** Someone else's book is as absent as an unknown one: callers answer 404 for both. */
  findOwned(db: Kysely<BookDatabase>, userId: string, id: string): Promise<BookRow | undefined> {
    return db.selectFrom('books').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  /** Ownership check without the large columns (plan, manuscript). */
  findOwnedSummary(db: Kysely<BookDatabase>, userId: string, id: string) {
    return db
      .selectFrom('books')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** Row-locked read for a status transition, so two requests cannot both move the same book. */
  findForUpdate(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db.selectFrom('books').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  findById(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async update(db: Kysely<BookDatabase>, id: string, changes: Updateable<BooksTable>): Promise<BookRow> {
    return db
      .updateTable('books')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Progress only moves forward: a late or redelivered chapter event never lowers it. */
  async recordProgress(db: Kysely<BookDatabase>, id: string, written: number, total: number): Promise<void> {
    await db
      .updateTable('books')
      .set({ chapters_written: written, chapters_total: total, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'writing')
      .where('chapters_written', '<', written)
      .execute();
  },

  listUnfinished(db: Kysely<BookDatabase>) {
    return db
      .selectFrom('books')
      .select(['id', 'user_id', 'status', 'plan_attempt', 'write_attempt'])
      .where('status', 'in', ['planning', 'writing'])
      .execute();
  },
};

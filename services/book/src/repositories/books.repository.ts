import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { BookStatus } from '@bookwright/contracts';
import type { OutboxTable } from '@bookwright/kit';
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
  'translation',
  'created_at',
  'updated_at',
] as const;
export type BookSummaryRow = Pick<BookRow, (typeof summaryColumns)[number]>;
/** The columns of a library item, for the trash list. */
export const bookSummaryColumns = summaryColumns;

export type BookRowWithNewestRevision = BookRow & {
  newest_revision_hash: string | null;
  newest_revision_at: Date | string | null;
};

/** What a caller may change: the status only through `move`, the version never (every change raises it). */
type BookChanges = Omit<Updateable<BooksTable>, 'status' | 'version'>;

/** Every UPDATE of a book goes with this: the book's ETag is made from `version`, so any change changes it. */
const nextVersion = () => sql<number>`version + 1`;

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

  /** Whether one of the user's books holds the reservation under `key` (its creation's, or its current one). */
  async holdsAllowanceKey(db: Kysely<BookDatabase>, userId: string, key: string): Promise<boolean> {
    const row = await db
      .selectFrom('books')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('idempotency_key', '=', key), eb('allowance_key', '=', key)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  listSummaries(db: Kysely<BookDatabase>, userId: string): Promise<BookSummaryRow[]> {
    return db
      .selectFrom('books')
      .select(summaryColumns)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  },

  /**
   * Someone else's book is as absent as an unknown one: callers answer 404 for both. So is a book in the
   * trash: it can be listed, restored or deleted for good (trash.repository's functions), nothing else.
   */
  findOwned(db: Kysely<BookDatabase>, userId: string, id: string): Promise<BookRow | undefined> {
    return db
      .selectFrom('books')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Ownership check without the large columns (plan, manuscript). */
  findOwnedSummary(db: Kysely<BookDatabase>, userId: string, id: string) {
    return db
      .selectFrom('books')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Row-locked read for a status transition, so two requests cannot both move the same book. */
  findForUpdate(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db.selectFrom('books').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  /**
   * The locked row for a manuscript save, with its newest revision's hash and time read in the same
   * statement (the revision policy's throttle needs them on every save): one round trip fewer to the
   * database on the hottest write.
   */
  findForContentSave(db: Kysely<BookDatabase>, id: string): Promise<BookRowWithNewestRevision | undefined> {
    return db
      .selectFrom('books')
      .selectAll('books')
      .select((eb) => [
        eb
          .selectFrom('book_revisions')
          .select('content_hash')
          .whereRef('book_revisions.book_id', '=', 'books.id')
          .orderBy('seq', 'desc')
          .limit(1)
          .as('newest_revision_hash'),
        eb
          .selectFrom('book_revisions')
          .select('created_at')
          .whereRef('book_revisions.book_id', '=', 'books.id')
          .orderBy('seq', 'desc')
          .limit(1)
          .as('newest_revision_at'),
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  findById(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Changes anything but the status: status changes go through `move` (and the table in domain/book-status). */
  async update(db: Kysely<BookDatabase>, id: string, changes: BookChanges): Promise<BookRow> {
    return db
      .updateTable('books')
      .set({ ...changes, updated_at: new Date(), version: nextVersion() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /**
   * A new manuscript for the locked row `book`: answers the row as stored without reading the manuscript
   * back (a 100-page book is a few hundred KB, which RETURNING * would carry back for nothing). `announce`,
   * the outbox row of the event that tells of it, goes in the same statement (a data-modifying CTE, run
   * to completion whether or not the UPDATE reads it): one round trip to the database fewer per save.
   */
  async saveContent(
    db: Kysely<BookDatabase>,
    book: BookRow,
    content: string,
    announce?: Insertable<OutboxTable>,
  ): Promise<BookRow> {
    const changes = { book_content: content, updated_at: new Date(), version: nextVersion() };
    const stored =
      announce === undefined
        ? await db
            .updateTable('books')
            .set(changes)
            .where('id', '=', book.id)
            .returning(['version', 'updated_at'])
            .executeTakeFirstOrThrow()
        : await db
            .withTables<{ outbox: OutboxTable }>()
            .with('announced', (cte) => cte.insertInto('outbox').values(announce))
            .updateTable('books')
            .set(changes)
            .where('id', '=', book.id)
            .returning(['version', 'updated_at'])
            .executeTakeFirstOrThrow();
    return { ...book, book_content: content, version: stored.version, updated_at: stored.updated_at };
  },

  /** from → to, only if the row is still in `from` (the caller holds its lock; this is the last guard). */
  async move(
    db: Kysely<BookDatabase>,
    id: string,
    status: { from: BookStatus; to: BookStatus },
    changes: BookChanges,
  ): Promise<BookRow> {
    return db
      .updateTable('books')
      .set({ ...changes, status: status.to, updated_at: new Date(), version: nextVersion() })
      .where('id', '=', id)
      .where('status', '=', status.from)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Progress only moves forward: a late or redelivered chapter event never lowers it. */
  async recordProgress(db: Kysely<BookDatabase>, id: string, written: number, total: number): Promise<void> {
    await db
      .updateTable('books')
      .set({ chapters_written: written, chapters_total: total, updated_at: new Date(), version: nextVersion() })
      .where('id', '=', id)
      .where('status', 'in', ['writing', 'translating'])
      .where('deleted_at', 'is', null)
      .where('chapters_written', '<', written)
      .execute();
  },

  /** Books in planning, writing or translating that have not changed since `before` (the trash waits for no work). */
  listStalled(db: Kysely<BookDatabase>, before: Date) {
    return db
      .selectFrom('books')
      .select(['id', 'status'])
      .where('status', 'in', ['planning', 'writing', 'translating'])
      .where('deleted_at', 'is', null)
      .where('updated_at', '<', before)
      .execute();
  },

  /** Marks books as worked on now (their work was just asked for again). */
  async touch(db: Kysely<BookDatabase>, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('books')
      .set({ updated_at: new Date(), version: nextVersion() })
      .where('id', 'in', ids)
      .execute();
  },

  /** Books whose work is unfinished; not those in the trash, whose work stopped until they are restored. */
  listUnfinished(db: Kysely<BookDatabase>) {
    return db
      .selectFrom('books')
      .select([
        'id',
        'user_id',
        'status',
        'plan_attempt',
        'write_attempt',
        'prompt',
        'title',
        'language',
        'target_audience',
        'genre',
        'size',
        'translation',
      ])
      .where('status', 'in', ['planning', 'writing', 'translating'])
      .where('deleted_at', 'is', null)
      .execute();
  },
};

import { sql, type Insertable, type Kysely, type QueryCreator, type Selectable, type Updateable } from 'kysely';
import type { BookStatus, TiptapDocument } from '@bookwright/contracts/http';
import { prepared, type OutboxTable } from '@bookwright/kit';
import type { BookDatabase, BookRow, BooksTable } from '../db/schema';
import { storedManuscript, type StoredChapter, type StoredManuscript } from '../domain/stored-manuscript';

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
  'workspace_id',
  'created_at',
  'updated_at',
] as const;
export type BookSummaryRow = Pick<BookRow, (typeof summaryColumns)[number]>;
/** The columns of a library item, for the trash list. */
export const bookSummaryColumns = summaryColumns;

/**
 * The locked row of a manuscript save: without the manuscript, with its chapters' hashes (comma-separated,
 * in order; domain/stored-manuscript's `chapterHashesOf` reads them) and its newest revision's hash and time.
 */
/** What a manuscript save reads of the row: not the plan, the metadata or the manuscript. */
const saveColumns = [
  'id',
  'user_id',
  'workspace_id',
  'status',
  'version',
  'updated_at',
  'deleted_at',
  'manuscript_chapters',
] as const;
export type BookSaveRow = Pick<Selectable<BooksTable>, (typeof saveColumns)[number]>;

export type BookRowForSave = BookSaveRow & {
  chapter_hashes: string | null;
  newest_revision_hash: string | null;
  newest_revision_at: Date | string | null;
};

/** A new row; a manuscript given with it (tests and benches) is stored as its chapters. */
export type NewBook = Insertable<BooksTable> & { book_content?: string | null };

/**
 * What a caller may change: the status only through `move`, the version never (every change raises it),
 * the manuscript only through `writeManuscript`.
 */
type BookChanges = Omit<Updateable<BooksTable>, 'status' | 'version' | 'manuscript_chapters'>;

/**
 * The manuscript joined from its chapters, in a query over `books`: the same text as
 * domain/stored-manuscript's `assembleManuscript` (a test holds them together), and its word count, the
 * sum of its chapters'. In a RETURNING it reads the chapters as they were before the statement.
 */
export const joinedManuscript = {
  text: sql<string>`'{"type":"doc","content":[' || coalesce((select string_agg(c.nodes, ',' order by c.position)
    from book_chapters c where c.book_id = books.id), '') || ']}'`,
  wordCount: sql<number>`(select coalesce(sum(c.word_count), 0)::integer from book_chapters c where c.book_id = books.id)`,
};

/** The joined manuscript as the row's `book_content`: null for a book with no manuscript yet. */
export const bookContent = sql<string | null>`case when books.manuscript_chapters is null then null
  else ${joinedManuscript.text} end`.as('book_content');

/** Every UPDATE of a book goes with this: the book's ETag is made from `version`, so any change changes it. */
const nextVersion = () => sql<number>`version + 1`;

/** What a manuscript save reads of the row (`findForContentSave`), as a query to lock or not. */
function contentSaveRead(db: Kysely<BookDatabase>, id: string) {
  return db
    .selectFrom('books')
    .select(saveColumns)
    .select((eb) => [
      eb
        .selectFrom('book_chapters')
        .select(sql<string>`string_agg(hash, ',' order by position)`.as('hashes'))
        .whereRef('book_chapters.book_id', '=', 'books.id')
        .as('chapter_hashes'),
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
    .where('id', '=', id);
}

type ChaptersAt = readonly (StoredChapter & { position: number })[];
/** What `saveIfCurrent` writes: the chapters of a partial save, or a whole save's against its read. */
type GuardedChange =
  | { chapters: ChaptersAt }
  | {
      manuscript: {
        chapters: ChaptersAt;
        count: number;
        /** The hashes of the chapters the caller compared with, in order: the row must still hold exactly these. */
        stored: readonly string[];
      };
    };

/** The parts of `saveIfCurrent`'s statement that depend on the change: its own guard, and its CTEs. */
function guardedChange(change: GuardedChange) {
  const chapters = 'chapters' in change ? change.chapters : change.manuscript.chapters;
  const written =
    chapters.length === 0
      ? sql``
      : sql`written as (
        insert into book_chapters (book_id, position, nodes, hash, word_count, search_text)
        select saved.id, sent.position, sent.nodes, sent.hash, sent.word_count, sent.search_text
        from saved cross join (values ${sql.join(
          chapters.map(
            ({ position, nodes, hash, wordCount, searchText }) =>
              sql`(${position}::integer, ${nodes}::text, ${hash}::text, ${wordCount}::integer, ${searchText}::text)`,
          ),
        )}) as sent(position, nodes, hash, word_count, search_text)
        on conflict (book_id, position) do update
          set nodes = excluded.nodes, hash = excluded.hash, word_count = excluded.word_count,
            search_text = excluded.search_text
        where book_chapters.hash <> excluded.hash
      ),`;
  if ('chapters' in change) {
    // Every place sent exists, and one of the chapters differs from the one stored there.
    const lastPosition = Math.max(...chapters.map((chapter) => chapter.position));
    const sentHashes = sql.join(chapters.map(({ position, hash }) => sql`(${position}::integer, ${hash}::text)`));
    const shape = sql`and manuscript_chapters > ${lastPosition}
          and exists (
            select 1 from (values ${sentHashes}) as sent(position, hash)
            where not exists (
              select 1 from book_chapters c
              where c.book_id = books.id and c.position = sent.position and c.hash = sent.hash))`;
    return { shape, count: sql``, written, trimmed: sql`` };
  }
  const { count, stored } = change.manuscript;
  const trimmed =
    stored.length > count
      ? sql`trimmed as (
        delete from book_chapters using saved
        where book_chapters.book_id = saved.id and book_chapters.position >= ${count}
      ),`
      : sql``;
  return {
    // The version already says which chapters are stored; the hashes make a mistaken belief about them
    // (saved-chapters.ts remembers them between saves) a refused save instead of a chapter left unwritten.
    shape: sql`and manuscript_chapters = ${stored.length}
          and coalesce((select string_agg(c.hash, ',' order by c.position) from book_chapters c
            where c.book_id = books.id), '') = ${stored.join(',')}::text`,
    count: sql`, manuscript_chapters = ${count}`,
    written,
    trimmed,
  };
}

/** Books table. Every function takes the executor so callers can run it inside their transaction. */
export const booksRepository = {
  /** How many books are in each status, for the books-by-status gauge. */
  async countByStatus(db: Kysely<BookDatabase>): Promise<Map<BookStatus, number>> {
    const rows = await db
      .selectFrom('books')
      .select(['status', sql<string>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.n)]));
  },

  /** Returns nothing when the (user, idempotency key) pair already exists. */
  async insert(db: Kysely<BookDatabase>, { book_content: content, ...book }: NewBook): Promise<BookRow | undefined> {
    const row = await db
      .insertInto('books')
      .values(book)
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    if (content === undefined || content === null) return { ...row, book_content: null };
    return booksRepository.writeManuscript(db, row, storedManuscript(JSON.parse(content) as TiptapDocument));
  },

  findByIdempotencyKey(db: Kysely<BookDatabase>, userId: string, key: string): Promise<BookRow | undefined> {
    return db
      .selectFrom('books')
      .selectAll('books')
      .select(bookContent)
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
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

  /** The books shared with a person (not their own), in the library, newest first, with their role on each. */
  listSharedSummaries(db: Kysely<BookDatabase>, userId: string) {
    return db
      .selectFrom('book_members')
      .innerJoin('books', 'books.id', 'book_members.book_id')
      .select(summaryColumns.map((column) => `books.${column}` as const))
      .select('book_members.role')
      .where('book_members.user_id', '=', userId)
      .where('books.deleted_at', 'is', null)
      .orderBy('books.created_at', 'desc')
      .orderBy('books.id')
      .execute();
  },

  /** The books of the workspaces a person belongs to, in the library, newest first, with their workspace role. */
  listWorkspaceSummaries(db: Kysely<BookDatabase>, userId: string) {
    return db
      .selectFrom('workspace_members')
      .innerJoin('books', 'books.workspace_id', 'workspace_members.workspace_id')
      .select(summaryColumns.map((column) => `books.${column}` as const))
      .select('workspace_members.role as workspace_role')
      .where('workspace_members.user_id', '=', userId)
      .where('books.deleted_at', 'is', null)
      .orderBy('books.created_at', 'desc')
      .orderBy('books.id')
      .execute();
  },

  /**
   * A book in the library by id, whoever's it is: the access module (access/book-access.ts) decides who may
   * see it. A book in the trash is absent here: it can be listed, restored or deleted for good
   * (trash.repository's functions), nothing else.
   */
  findInLibrary(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db
      .selectFrom('books')
      .selectAll('books')
      .select(bookContent)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** The same without the large columns (plan, manuscript): what an access check needs. */
  findSummaryInLibrary(db: Kysely<BookDatabase>, id: string) {
    return db
      .selectFrom('books')
      .select(['id', 'status', 'user_id', 'title', 'workspace_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Row-locked read for a status transition, so two requests cannot both move the same book. */
  findForUpdate(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db
      .selectFrom('books')
      .selectAll('books')
      .select(bookContent)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * The locked row for a manuscript save, with its newest revision's hash and time read in the same
   * statement (the revision policy's throttle needs them on every save): one round trip fewer to the
   * database on the hottest write. Only the columns a save uses: the manuscript stays out (the chapters'
   * hashes say what changed, and the text is read, `manuscriptOf`, only when a snapshot of it is due), and
   * so do the plan and the metadata (a ready book's plan alone is tens of KB, read, copied from the
   * database thread and parsed on every autosave for nothing).
   */
  findForContentSave(db: Kysely<BookDatabase>, id: string): Promise<BookRowForSave | undefined> {
    return contentSaveRead(db, id).forUpdate().executeTakeFirst();
  },

  /** The same read without the lock, for a save that writes only if the version is still the one read. */
  async readForContentSave(db: Kysely<BookDatabase>, id: string): Promise<BookRowForSave | undefined> {
    // Prepared on PostgreSQL, like the guarded UPDATE that follows it in the editor's whole save.
    return (await prepared(contentSaveRead(db, id)).execute(db)).rows[0];
  },

  /** The row without its manuscript, for a caller that has the text already. */
  findRow(db: Kysely<BookDatabase>, id: string): Promise<Selectable<BooksTable> | undefined> {
    return db.selectFrom('books').selectAll('books').where('id', '=', id).executeTakeFirst();
  },

  findById(db: Kysely<BookDatabase>, id: string): Promise<BookRow | undefined> {
    return db.selectFrom('books').selectAll('books').select(bookContent).where('id', '=', id).executeTakeFirst();
  },

  /** The book's manuscript as JSON text; null when it has none (or there is no such book). */
  async manuscriptOf(db: Kysely<BookDatabase>, id: string): Promise<string | null> {
    const row = await db.selectFrom('books').select(bookContent).where('id', '=', id).executeTakeFirst();
    return row?.book_content ?? null;
  },

  /** Changes anything but the status: status changes go through `move` (and the table in domain/book-status). */
  async update(db: Kysely<BookDatabase>, id: string, changes: BookChanges): Promise<BookRow> {
    return db
      .updateTable('books')
      .set({ ...changes, updated_at: new Date(), version: nextVersion() })
      .where('id', '=', id)
      .returningAll()
      .returning(bookContent)
      .executeTakeFirstOrThrow();
  },

  /**
   * `manuscript` in place of the locked row `book`'s: only the chapters whose hash differs from
   * `storedHashes` (the locked read's; undefined or null: write them all) are written, and chapters past
   * its end removed. Answers the row as stored without reading the manuscript back.
   */
  async writeManuscript<B extends Pick<Selectable<BooksTable>, 'id'>>(
    db: Kysely<BookDatabase>,
    book: B,
    manuscript: StoredManuscript,
    options: { storedHashes?: readonly string[] | null; announce?: Insertable<OutboxTable> } = {},
  ): Promise<B & { book_content: string }> {
    const { storedHashes } = options;
    const count = manuscript.chapters.length;
    const stored = await booksRepository.writeChapters(db, book, {
      count,
      chapters: manuscript.chapters.flatMap((chapter, position) =>
        storedHashes?.[position] === chapter.hash ? [] : [{ position, ...chapter }],
      ),
      trim: storedHashes === undefined || storedHashes === null || storedHashes.length > count,
      announce: options.announce,
    });
    return { ...stored, book_content: manuscript.content };
  },

  /**
   * Writes `chapters` at their places and makes the manuscript `count` chapters long (`trim`: removing
   * any past that), in the one UPDATE that raises the version. `announce`, the outbox row of the event
   * that tells of it, goes in the same statement (data-modifying CTEs run to completion whether or not the
   * UPDATE reads them): an autosave that changed one chapter is one statement that writes one chapter.
   */
  async writeChapters<B extends Pick<Selectable<BooksTable>, 'id'>>(
    db: Kysely<BookDatabase>,
    book: B,
    change: {
      count: number;
      chapters: readonly (StoredChapter & { position: number })[];
      trim: boolean;
      announce?: Insertable<OutboxTable> | undefined;
    },
  ): Promise<B> {
    const { count, chapters, trim, announce } = change;
    // One statement whatever it holds: its parts are CTEs of the UPDATE, added only when they have work (no
    // part reads another's result, so the names each `with` adds to the type are dropped).
    let statement = db as unknown as QueryCreator<BookDatabase & { outbox: OutboxTable }>;
    if (announce !== undefined) {
      statement = statement.with('announced', (cte) =>
        cte.insertInto('outbox').values(announce),
      ) as unknown as typeof statement;
    }
    if (chapters.length > 0) {
      const rows = chapters.map(({ position, nodes, hash, wordCount, searchText }) => ({
        book_id: book.id,
        position,
        nodes,
        hash,
        word_count: wordCount,
        search_text: searchText,
      }));
      statement = statement.with('written', (cte) =>
        cte
          .insertInto('book_chapters')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['book_id', 'position']).doUpdateSet((eb) => ({
              nodes: eb.ref('excluded.nodes'),
              hash: eb.ref('excluded.hash'),
              word_count: eb.ref('excluded.word_count'),
              search_text: eb.ref('excluded.search_text'),
            })),
          ),
      ) as unknown as typeof statement;
    }
    if (trim) {
      statement = statement.with('trimmed', (cte) =>
        cte.deleteFrom('book_chapters').where('book_id', '=', book.id).where('position', '>=', count),
      ) as unknown as typeof statement;
    }
    const stored = await statement
      .updateTable('books')
      .set({ manuscript_chapters: count, updated_at: new Date(), version: nextVersion() })
      .where('id', '=', book.id)
      .returning(['version', 'updated_at'])
      .executeTakeFirstOrThrow();
    return { ...book, manuscript_chapters: count, version: stored.version, updated_at: stored.updated_at };
  },

  /**
   * A manuscript save in one autocommit statement, when everything the locked path would check holds in
   * the row itself: the book is the user's, out of the trash and in `status`; it is at one of `versions`
   * (the If-Match, or the version the caller read); its newest revision is younger than `snapshotCutoff`
   * (so the revision policy keeps nothing: the throttle); and for `chapters` (a partial save) it has a
   * chapter at every place sent and at least one of them differs from the one stored. `manuscript` (a whole
   * save) also needs the row to hold exactly the chapters the caller compared with (`stored`, their hashes),
   * and makes the manuscript `count` chapters long. The changed chapters, the version and `announce` (its outbox row) are written
   * together; otherwise nothing is, and it answers undefined for the caller to take the locked path, which
   * tells which condition failed.
   *
   * Every write reads the guarded UPDATE's result, so none happens without it. A save blocked by a
   * concurrent one re-reads the row when that one commits and finds its version gone.
   */
  async saveIfCurrent(
    db: Kysely<BookDatabase>,
    guard: {
      bookId: string;
      userId: string;
      status: BookStatus;
      versions: readonly number[];
      snapshotCutoff: Date;
    },
    change: GuardedChange,
    announce: Insertable<OutboxTable>,
  ): Promise<Pick<BookSaveRow, 'version' | 'updated_at'> | undefined> {
    const { bookId, userId, status, snapshotCutoff } = guard;
    // `version` is an integer column: a larger number in a tag names no version (and would fail the cast).
    const versions = guard.versions.filter((version) => Number.isSafeInteger(version) && version <= 2_147_483_647);
    if (versions.length === 0 || ('chapters' in change && change.chapters.length === 0)) return undefined;
    const { shape, count, written, trimmed } = guardedChange(change);
    // Prepared on PostgreSQL: an autosave runs it every few seconds per open editor, in a few shapes.
    const result = await prepared(sql<Pick<BookSaveRow, 'version' | 'updated_at'>>`
      with saved as (
        update books set version = version + 1, updated_at = ${new Date()}${count}
        where id = ${bookId} and user_id = ${userId} and deleted_at is null and status = ${status}
          and version in (${sql.join(versions)})
          and (select created_at from book_revisions r where r.book_id = books.id order by seq desc limit 1)
            > ${snapshotCutoff}
          ${shape}
        returning id, version, updated_at
      ),
      ${written}
      ${trimmed}
      announced as (
        insert into outbox (id, event_name, event_version, payload, correlation_id, next_attempt_at)
        select ${announce.id}, ${announce.event_name}, ${announce.event_version}::integer,
          ${announce.payload}::jsonb, ${announce.correlation_id ?? null}::text,
          ${announce.next_attempt_at ?? new Date()}::timestamptz
        from saved
      )
      select version, updated_at from saved`).execute(db);
    return result.rows[0];
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
      .returning(bookContent)
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
        'allowance_key',
      ])
      .where('status', 'in', ['planning', 'writing', 'translating'])
      .where('deleted_at', 'is', null)
      .execute();
  },

  /** Deletes every book a deleted account pays for (with their chapters, by cascade); answers which went. */
  deleteAllOf(db: Kysely<BookDatabase>, userId: string) {
    return db.deleteFrom('books').where('user_id', '=', userId).returning(['id', 'translation']).execute();
  },
};

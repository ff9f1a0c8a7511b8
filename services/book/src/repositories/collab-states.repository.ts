import { sql, type Kysely, type Transaction } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { bookContent } from './books.repository';

/**
 * A stored state's stamp: the transaction that wrote its row (PostgreSQL's xmin), so every state stored,
 * by a save or a build, has another (CollabStateStampSchema). Null with no state.
 */
const stateStamp = sql<string | null>`s.xmin::text`;

/** The Yjs states of live documents (decision 0043), one per book, beside its chapters. */
export const collabStatesRepository = {
  /**
   * What a live document loads, in one statement so that all of it is of one moment: the book (null when
   * there is no such book), its manuscript, its chapters' hashes (comma-separated, in order) and the stored
   * state with the manuscript version it was taken at.
   */
  readForLoad(db: Kysely<BookDatabase>, bookId: string) {
    return this.readForLoadWithoutText(db, bookId).select(bookContent).executeTakeFirst();
  },

  /**
   * The same without the manuscript's text: for a load that needs it only when the state does not stand.
   * With `unlessStamp`, the state is left out (null) when the stored one has that stamp: the collab service
   * holds it already.
   */
  readForLoadWithoutText(db: Kysely<BookDatabase>, bookId: string, unlessStamp?: string) {
    // As base64 from PostgreSQL (its encoder breaks lines, which are taken out): on PGlite a bytea read back
    // is parsed from its hex text in JavaScript, two to three times slower for a long book's state.
    const state = sql<string | null>`translate(encode(s.state, 'base64'), E'\n', '')`;
    return db
      .selectFrom('books')
      .leftJoin('book_collab_states as s', 's.book_id', 'books.id')
      .select(['books.id', 'books.deleted_at', 'books.manuscript_chapters', 's.manuscript_version', 's.built'])
      .select(stateStamp.as('state_stamp'))
      .select(
        (unlessStamp === undefined
          ? state
          : sql<string | null>`case when ${stateStamp} = ${unlessStamp} then null else ${state} end`
        ).as('state'),
      )
      .select((eb) =>
        eb
          .selectFrom('book_chapters')
          .select(sql<string>`string_agg(hash, ',' order by position)`.as('hashes'))
          .whereRef('book_chapters.book_id', '=', 'books.id')
          .as('chapter_hashes'),
      )
      .where('books.id', '=', bookId);
  },

  /**
   * What a state built at one version needs to be stored (book.collab.store-state): the book, the hashes of
   * its chapters and the version of the state stored now, with the book's row share-locked, so that a save
   * (which locks it for update) cannot move the text between this read and the store.
   */
  readForStateStore(trx: Transaction<BookDatabase>, bookId: string) {
    return trx
      .selectFrom('books')
      .leftJoin('book_collab_states as s', 's.book_id', 'books.id')
      .select(['books.deleted_at', 'books.manuscript_chapters', 's.manuscript_version'])
      .select((eb) =>
        eb
          .selectFrom('book_chapters')
          .select(sql<string>`string_agg(hash, ',' order by position)`.as('hashes'))
          .whereRef('book_chapters.book_id', '=', 'books.id')
          .as('chapter_hashes'),
      )
      .where('books.id', '=', bookId)
      .forShare('books')
      .executeTakeFirst();
  },

  /**
   * The book's state now (base64, as the bus carries it), taken at `manuscriptVersion`, in place of any
   * before it; answers its stamp. PostgreSQL decodes it: a bytea parameter costs PGlite seconds per MB to send (8 s for a long
   * book's 1.5 MB on a busy machine, against half a second as text).
   */
  async store(
    db: Kysely<BookDatabase>,
    bookId: string,
    stateBase64: string,
    manuscriptVersion: string,
    /** Built from the chapters (book.collab.store-state), not saved by a live document. */
    built = false,
  ): Promise<string> {
    const state = sql<Uint8Array>`decode(${stateBase64}, 'base64')`;
    const updatedAt = new Date();
    const row = await db
      .insertInto('book_collab_states')
      .values({ book_id: bookId, state, manuscript_version: manuscriptVersion, built, updated_at: updatedAt })
      .onConflict((oc) =>
        oc.column('book_id').doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          manuscript_version: eb.ref('excluded.manuscript_version'),
          built: eb.ref('excluded.built'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      // The stamp of the row just written (see stateStamp).
      .returning(sql<string>`xmin::text`.as('state_stamp'))
      .executeTakeFirstOrThrow();
    return row.state_stamp;
  },
};

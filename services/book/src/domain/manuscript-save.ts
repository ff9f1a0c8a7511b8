import { bookEtag, type Book, type BookRole, type SaveAnswer, type SavedContent } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import type { OutboxTable } from '@bookwright/kit';
import type { Insertable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase } from '../db/schema';
import { booksRepository, type BookRowForSave, type BookSaveRow } from '../repositories/books.repository';
import { presentBook } from './present-book';
import { nowOf, type BookHandlerDeps } from '../handlers/deps';
import { assertEditable, type bookEdits } from './book-status';
import { chapterHashesOf } from './stored-manuscript';
import { changeOwnedBook, type InternalChange, type Requester } from './owned-book';
import { editsThrottledSince } from './revision-policy';
import { keepRevision } from './revision-snapshots';

/** What the whole and the partial save of a manuscript share: the answer, the revision and the write. */
export type Request<K extends keyof typeof requests.book> = z.output<(typeof requests.book)[K]['request']>;

/**
 * The book, or with `Prefer: return=minimal` only what the editor needs to save again: the new version.
 * The whole book is read again (in the save's transaction): the save itself read only what it needed.
 */
export async function answer(
  trx: Transaction<BookDatabase>,
  book: Pick<BookSaveRow, 'id' | 'version' | 'updated_at'>,
  kind: SaveAnswer | undefined,
  role: BookRole,
): Promise<Book | SavedContent> {
  if (kind === 'version') return savedVersion(book);
  const row = await booksRepository.findById(trx, book.id);
  if (!row) throw new Error(`book ${book.id} is gone under its row lock`);
  return presentBook(row, role);
}

/**
 * Stores a new manuscript for the locked row (`write` writes it, with the outbox row it is given): the
 * manuscript it replaces is offered to the revision policy first (at most one snapshot per ten minutes of
 * editing, domain/revision-policy.ts) and is read only when the throttle lets a snapshot through; then the
 * chapters and the `book.updated` event. So an ordinary autosave is BEGIN, the locked read (hashes, not
 * text), one UPDATE that also writes the changed chapters and the outbox row, and COMMIT.
 */
export async function storeManuscript<R>(
  trx: Transaction<BookDatabase>,
  deps: BookHandlerDeps,
  locked: BookRowForSave,
  write: (announce: Insertable<OutboxTable>) => Promise<R>,
): Promise<R> {
  if (locked.manuscript_chapters !== null) {
    const { newest_revision_hash: hash, newest_revision_at: at } = locked;
    const newest = hash === null || at === null ? null : { hash, createdAt: new Date(at) };
    const replaced = async () => {
      const text = await booksRepository.manuscriptOf(trx, locked.id);
      if (text === null) throw new Error(`book ${locked.id} lost its manuscript under its row lock`);
      return text;
    };
    await keepRevision(trx, deps, locked.id, replaced, 'edit', { newest });
  }
  return write(announceManuscriptChange(trx, deps, locked));
}

/**
 * The `book.updated` outbox row of a new manuscript: a save or a restore keeps the status, so the event
 * is known before the write and goes in its statement. It is held: published by changeOwnedBook right
 * after the commit, without the relay's claim.
 */
export function announceManuscriptChange(
  /** The transaction, or the object standing for a change made in one statement (`OutboxRelay.hold`). */
  trx: object,
  deps: Pick<BookHandlerDeps, 'relay'>,
  book: { id: string; user_id: string; status: BookSaveRow['status'] },
): Insertable<OutboxTable> {
  return deps.relay.hold(trx, events.bookUpdated, {
    bookId: book.id,
    userId: book.user_id,
    fields: ['bookContent'],
    status: book.status,
  });
}

/**
 * A change of the manuscript of one of the user's books, on its row locked as a save locks it
 * (`findForContentSave`: the chapters' hashes, not their text), once the book is known to be editable:
 * what the whole save, the partial save and a restore do first. `storedHashes`: null for no manuscript.
 */
export function changeLockedManuscript<T>(
  deps: BookHandlerDeps,
  /** A person, or a service that checked access itself (a live document's save: the book may be in the trash). */
  who: Requester | InternalChange,
  change: (
    trx: Transaction<BookDatabase>,
    locked: BookRowForSave,
    book: BookSaveRow,
    storedHashes: string[] | null,
    role: BookRole,
  ) => Promise<T>,
): Promise<T> {
  return changeOwnedBook(
    deps,
    who,
    async (trx, locked, role) => {
      const book = bookOf(locked);
      assertEditable(book.status, 'manuscript');
      return change(trx, locked, book, chapterHashesOf(locked.chapter_hashes, book.manuscript_chapters), role);
    },
    booksRepository.findForContentSave,
  );
}

/** The row of a locked read for a save, without what only the save needed. */
const bookOf = ({
  newest_revision_hash: _h,
  newest_revision_at: _a,
  chapter_hashes: _c,
  ...book
}: BookRowForSave): BookSaveRow => book;

/**
 * The status in which the editor autosaves (the only one `bookEdits.manuscript` allows today): a save
 * without the row lock guards it, and a book in any other takes the locked path.
 */
export const autosavedStatus = 'ready' satisfies (typeof bookEdits.manuscript.in)[number];

/**
 * A save of the user's book in one autocommit statement, without BEGIN, the locked read and COMMIT
 * (decision 0037): `change` is written, announced and answered as the new version only if the book is
 * still at one of `versions` and everything else the locked path checks holds in the row
 * (`booksRepository.saveIfCurrent`); otherwise nothing is stored and it answers undefined, for the caller
 * to take the locked path. The event is held under a key of this statement's own, dropped with it when
 * nothing is written.
 */
export async function storeIfCurrent(
  deps: BookHandlerDeps,
  /** The book's owner: the statement writes only a book of theirs, so anyone else's save takes the locked path. */
  owner: { userId: string; bookId: string },
  versions: readonly number[],
  change: Parameters<typeof booksRepository.saveIfCurrent>[2],
): Promise<SavedContent | undefined> {
  const { userId, bookId } = owner;
  // Without a plan of the owner's the locked path answers 402 (access/book-access.ts); held, this costs no round trip.
  if (!(await deps.payers.hasPlan(userId))) return undefined;
  const statement = {};
  const announce = announceManuscriptChange(statement, deps, { id: bookId, user_id: userId, status: autosavedStatus });
  const saved = await booksRepository.saveIfCurrent(
    deps.db,
    { bookId, userId, status: autosavedStatus, versions, snapshotCutoff: editsThrottledSince(nowOf(deps)) },
    change,
    announce,
  );
  if (!saved) return undefined;
  deps.relay.committed(statement);
  deps.savedChapters.saved(
    bookId,
    saved,
    'chapters' in change ? change : { chapters: change.manuscript.chapters, count: change.manuscript.count },
  );
  return savedVersion(saved);
}

/** A book's version as a save answers it with `Prefer: return=minimal` (and a 412 names the current one). */
export const savedVersion = (book: Pick<BookSaveRow, 'version' | 'updated_at'>): SavedContent => ({
  etag: bookEtag(book.version),
  updatedAt: new Date(book.updated_at).toISOString(),
});

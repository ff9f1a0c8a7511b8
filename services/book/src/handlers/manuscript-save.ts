import { bookEtag, events, type Book, type requests, type SaveAnswer, type SavedContent } from '@bookwright/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository, type BookRowWithNewestRevision } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';
import { keepRevision } from './revision-snapshots';

/** What the whole and the partial save of a manuscript share: the answer, the revision and the write. */
export type Request<K extends keyof typeof requests.book> = z.output<(typeof requests.book)[K]['request']>;

/** The book, or with `Prefer: return=minimal` only what the editor needs to save again: the new version. */
export function answer(book: BookRow, kind: SaveAnswer | undefined): Book | SavedContent {
  if (kind === 'version') {
    return { etag: bookEtag(book.version), updatedAt: new Date(book.updated_at).toISOString() };
  }
  return presentBook(book);
}

/**
 * Stores `content` in place of the locked row's manuscript: the manuscript it replaces is offered to the
 * revision policy first (at most one snapshot per ten minutes of editing, domain/revision-policy.ts), then
 * the row and the `book.updated` event. The revision's hash, snapshot and retention only run when the
 * throttle lets a snapshot through, so an ordinary autosave is BEGIN, the locked read, one UPDATE that also
 * writes the outbox row, and COMMIT.
 */
export async function storeManuscript(
  trx: Transaction<BookDatabase>,
  deps: BookHandlerDeps,
  { newest_revision_hash, newest_revision_at, ...book }: BookRowWithNewestRevision,
  content: string,
): Promise<BookRow> {
  if (book.book_content !== null) {
    const newest =
      newest_revision_hash === null || newest_revision_at === null
        ? null
        : { hash: newest_revision_hash, createdAt: new Date(newest_revision_at) };
    await keepRevision(trx, deps, book.id, book.book_content, 'edit', { newest });
  }
  // A save keeps the status, so the event is known before the UPDATE and goes in the same statement. It
  // is held: published by changeOwnedBook right after the commit, without the relay's claim.
  const announce = deps.relay.hold(trx, events.bookUpdated, {
    bookId: book.id,
    userId: book.user_id,
    fields: ['bookContent'],
    status: book.status,
  });
  return booksRepository.saveContent(trx, book, content, announce);
}

export const withoutRevision = ({
  newest_revision_hash: _h,
  newest_revision_at: _a,
  ...book
}: BookRowWithNewestRevision) => book;

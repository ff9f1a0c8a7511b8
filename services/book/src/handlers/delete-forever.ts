import { AppError, events, trashMessages, type requests } from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase } from '../db/schema';
import { trashRepository } from '../repositories/trash.repository';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBookInOrOutOfTrash } from './owned-book';

/**
 * DELETE /book/{id}/permanent: only from the trash. The row goes with its revisions (by cascade), and
 * `book.deleted` in the same transaction tells every other service to remove what it holds of the book
 * (chapter jobs, covers, exports, manuscripts); the book service's own blobs go on that event too
 * (on-book-deleted.ts).
 */
export function deleteBookForever(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.deleteForever)['request']>) =>
    changeOwnedBookInOrOutOfTrash(deps, { userId, bookId }, async (trx, book) => {
      if (book.deleted_at === null) throw new AppError(409, trashMessages.deleteNotInTrash, { code: 'book_trash' });
      const now = nowOf(deps);
      const deletedAt = await deleteTrashedBook(trx, book.id, now);
      deps.logger.info({ bookId }, 'book deleted forever');
      return { deletedAt: deletedAt ?? now.toISOString() };
    });
}

/**
 * Deletes a book that is in the trash and announces it, in the caller's transaction; undefined (and no
 * event) when it is not in the trash any more (restored, or deleted by someone else first).
 */
export async function deleteTrashedBook(
  trx: Transaction<BookDatabase>,
  bookId: string,
  now: Date,
): Promise<string | undefined> {
  const deleted = await trashRepository.deleteTrashed(trx, bookId);
  if (!deleted) return undefined;
  const deletedAt = now.toISOString();
  await enqueueEvent(trx, events.bookDeleted, { bookId, userId: deleted.user_id, deletedAt });
  return deletedAt;
}

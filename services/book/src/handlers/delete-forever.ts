import { AppError, trashMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { auditBookChange } from '../workspaces/audit.repository';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBookInOrOutOfTrash } from '../domain/owned-book';
import { deleteTrashedBook } from '../domain/trashed-book-deletion';

/**
 * DELETE /book/{id}/permanent: only from the trash. The row goes with its revisions (by cascade), and
 * `book.deleted` in the same transaction tells every other service to remove what it holds of the book
 * (chapter jobs, covers, exports, manuscripts); the book service's own blobs go on that event too
 * (on-book-deleted.ts).
 */
export function deleteBookForever(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.deleteForever)['request']>) =>
    changeOwnedBookInOrOutOfTrash(deps, { userId, bookId, action: 'delete', planFree: true }, async (trx, book) => {
      if (book.deleted_at === null) throw new AppError(409, trashMessages.deleteNotInTrash, { code: 'book_trash' });
      const now = nowOf(deps);
      const deletedAt = await deleteTrashedBook(trx, book.id, now);
      await auditBookChange(trx, book, { actorId: userId, action: 'book.deleted' }, { newId: deps.newId, now });
      deps.logger.info({ bookId }, 'book deleted forever');
      return { deletedAt: deletedAt ?? now.toISOString() };
    });
}

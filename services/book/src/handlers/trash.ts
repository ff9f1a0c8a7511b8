import { AppError, trashMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { trashRepository } from '../repositories/trash.repository';
import { auditBookChange } from '../workspaces/audit.repository';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBookInOrOutOfTrash } from '../domain/owned-book';

/**
 * DELETE /book/{id}: the book goes to the trash in any status, as it is. Its status does not change (so a
 * restore brings it back whole); `book.trashed` tells the writer to stop its job and free its slot, and
 * the book service itself ignores late answers for it from then on. The allowance is not given back: the
 * work it paid for was done or started. The book leaves the library list and every route but the trash's.
 */
export function trashBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.trash)['request']>) =>
    changeOwnedBookInOrOutOfTrash(deps, { userId, bookId, action: 'delete', planFree: true }, async (trx, book) => {
      if (book.deleted_at !== null) throw new AppError(409, trashMessages.alreadyInTrash, { code: 'book_trash' });
      const deletedAt = nowOf(deps);
      await trashRepository.setDeletedAt(trx, book.id, deletedAt);
      await auditBookChange(
        trx,
        book,
        { actorId: userId, action: 'book.trashed' },
        { newId: deps.newId, now: deletedAt },
      );
      await enqueueEvent(trx, events.bookTrashed, {
        bookId: book.id,
        userId: book.user_id,
        deletedAt: deletedAt.toISOString(),
        attempt: book.write_attempt,
      });
      deps.logger.info({ bookId, status: book.status }, 'book moved to the trash');
      return { deletedAt: deletedAt.toISOString() };
    });
}

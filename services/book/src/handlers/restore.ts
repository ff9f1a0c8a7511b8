import { AppError, trashMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase, BookRow } from '../db/schema';
import { translationRequest } from '../domain/new-translation';
import { heldAllowance } from '../domain/allowance-keys';
import { booksRepository } from '../repositories/books.repository';
import { trashRepository } from '../repositories/trash.repository';
import { auditBookChange } from '../workspaces/audit.repository';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBookInOrOutOfTrash } from '../domain/owned-book';
import { requestPlanning } from '../domain/request-planning';

/**
 * POST /book/{id}/restore: the book comes back to the library as it was (status, plan, manuscript,
 * metadata, revisions and cover did not change in the trash). Work the trash stopped is asked for again,
 * under the allowance already reserved for it.
 */
export function restoreBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.restore)['request']>) =>
    changeOwnedBookInOrOutOfTrash(deps, { userId, bookId, action: 'delete', planFree: true }, async (trx, book) => {
      if (book.deleted_at === null) throw new AppError(409, trashMessages.notInTrash, { code: 'book_trash' });
      const restored = await trashRepository.setDeletedAt(trx, book.id, null);
      await auditBookChange(
        trx,
        book,
        { actorId: userId, action: 'book.restored' },
        { newId: deps.newId, now: nowOf(deps) },
      );
      await resumeWork(trx, restored);
      await enqueueEvent(trx, events.bookRestored, { bookId: book.id, userId: book.user_id });
      deps.logger.info({ bookId, status: book.status }, 'book restored from the trash');
      return {};
    });
}

/**
 * Unfinished work is asked for again under a new attempt, so that whatever the trashed attempt still
 * produces (a late plan or planning failure, delivered before or after the restore) is ignored as stale.
 * The allowance reservation stays the one the book holds. The writer stopped its job on `book.trashed`:
 * the new attempt resumes it from the chapters it committed, or has it hand over the manuscript it
 * finished while the book was in the trash.
 */
async function resumeWork(trx: Transaction<BookDatabase>, book: BookRow): Promise<void> {
  if (book.status === 'planning') {
    await requestPlanning(trx, await booksRepository.update(trx, book.id, { plan_attempt: book.plan_attempt + 1 }));
    return;
  }
  if (book.status !== 'writing' && book.status !== 'translating') return;
  const attempt = book.write_attempt + 1;
  const resumed = await booksRepository.update(trx, book.id, { write_attempt: attempt });
  if (book.status === 'translating')
    await enqueueEvent(trx, events.bookTranslationRequested, translationRequest(resumed));
  else
    await enqueueEvent(trx, events.bookConfirmed, {
      bookId: book.id,
      userId: book.user_id,
      attempt,
      ...heldAllowance(book),
    });
}

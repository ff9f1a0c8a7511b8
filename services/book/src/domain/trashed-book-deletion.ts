import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { trashRepository } from '../repositories/trash.repository';

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

import { trashRetentionMs } from '@bookwright/contracts/http';
import { trashRepository } from '../repositories/trash.repository';
import { nowOf, type BookHandlerDeps } from '../handlers/deps';
import { deleteTrashedBook } from '../domain/trashed-book-deletion';

/** Books purged per transaction batch; the rest go on the next pass of the same run. */
const batch = 100;

/**
 * The trash's sweep: every book trashed at least 30 days before `now` is deleted for good, exactly as the
 * author's "Delete forever" does (row, revisions, `book.deleted` for the other services). Each book is
 * its own transaction, re-checked under the lock, so a restore that wins the race keeps its book, and
 * replicas sweeping at the same time delete each book once. Answers how many books it purged.
 */
export async function purgeExpiredTrash(deps: BookHandlerDeps, now: Date = nowOf(deps)): Promise<number> {
  const cutoff = new Date(now.getTime() - trashRetentionMs);
  let purged = 0;
  for (;;) {
    const expired = await trashRepository.listTrashedBefore(deps.db, cutoff, batch);
    let deletedThisPass = 0;
    for (const { id } of expired) {
      const deletedAt = await deps.db.transaction().execute(async (trx) => {
        // Re-read under the lock: restored since the list was read, it stays.
        const trashedAt = await trashRepository.lockTrashedAt(trx, id);
        if (!trashedAt || trashedAt > cutoff) return undefined;
        return deleteTrashedBook(trx, id, now);
      });
      if (deletedAt) deletedThisPass += 1;
    }
    purged += deletedThisPass;
    if (expired.length < batch || deletedThisPass === 0) break;
  }
  if (purged > 0) {
    deps.relay.kick();
    deps.logger.info({ books: purged }, 'books purged from the trash after 30 days');
  }
  return purged;
}

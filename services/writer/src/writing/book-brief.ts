import { requests } from '@bookwright/contracts/bus';
import type { EventMeta } from '@bookwright/kit';
import { jobsRepository } from '../repositories/jobs.repository';
import { isBookGone } from './book-gone';
import type { WriterDeps } from './deps';

/** The book as the writer starts from it; undefined when it no longer exists. */
export async function fetchBrief(deps: Pick<WriterDeps, 'bus'>, bookId: string) {
  try {
    return await deps.bus.request(requests.book.getBrief, { bookId });
  } catch (error) {
    if (isBookGone(error)) return undefined;
    throw error;
  }
}

/**
 * Whether the book of a job this delivery just stored still exists. Deleted between its brief and the
 * insert, its `book.deleted` found no job to remove, and the job would stay for good: so the book service
 * is asked again once the job is stored. Gone now, the job goes with it; there now, its deletion comes
 * later and its `book.deleted` finds the job. A question that cannot be asked takes the job away too, so
 * the redelivery starts over from a fresh brief instead of finding a job it would not check.
 */
export async function bookOutlivedInsert(
  deps: Pick<WriterDeps, 'bus' | 'db'>,
  bookId: string,
  logger: EventMeta['logger'],
): Promise<boolean> {
  let exists: boolean;
  try {
    exists = (await fetchBrief(deps, bookId)) !== undefined;
  } catch (error) {
    await jobsRepository.deleteForBook(deps.db, bookId);
    throw error;
  }
  if (!exists) {
    await jobsRepository.deleteForBook(deps.db, bookId);
    logger.info('the book was deleted while its job was being stored: the job is removed');
  }
  return exists;
}

import { requests } from '@bookwright/contracts/bus';
import { keepIfBookExists, type EventMeta } from '@bookwright/kit';
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
 * Whether the book of a job this delivery just stored still exists, asked as kit's `keepIfBookExists` asks
 * for any work stored for a book: deleted between its brief and the insert, its `book.deleted` found no job
 * to remove, and the job would stay for good. Gone now, the job goes with it. A question that cannot be
 * asked takes the job away too, so the redelivery starts over from a fresh brief instead of finding a job
 * it would not check.
 */
export async function bookOutlivedInsert(
  deps: Pick<WriterDeps, 'bus' | 'db'>,
  bookId: string,
  logger: EventMeta['logger'],
): Promise<boolean> {
  try {
    await keepIfBookExists(deps.bus, bookId, () => jobsRepository.deleteForBook(deps.db, bookId));
    return true;
  } catch (error) {
    if (!isBookGone(error)) throw error;
    logger.info('the book was deleted while its job was being stored: the job is removed');
    return false;
  }
}

import { AppError } from '@bookwright/contracts/http';
import { removeBlobsUnder, type BlobStore, type Logger } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { WriterDatabase } from '../db/schema';
import { jobsRepository } from '../repositories/jobs.repository';
import { manuscriptPrefix } from './job';

/** The book service's answer for a book that no longer exists: deleted, or its account was. */
export const isBookGone = (error: unknown): boolean => error instanceof AppError && error.status === 404;

/** A job's book no longer exists: the job ends here, with nothing of it left behind. */
export class BookGoneError extends Error {
  constructor(readonly bookId: string) {
    super(`book ${bookId} no longer exists`);
    this.name = 'BookGoneError';
  }
}

/**
 * Everything the writer keeps of a book that no longer exists: its job (attempts and written chapters go
 * by cascade) and its manuscripts. Answers the ids of the jobs removed, for a runner to stop. `book.deleted`
 * does this, and so does whoever learns of the deletion first: a job stored or finished after that event
 * was handled would otherwise stay for good, its sweep writing the book again and again.
 */
export async function forgetBook(
  deps: { db: Kysely<WriterDatabase>; blobs: Pick<BlobStore, 'list' | 'delete'> },
  bookId: string,
  logger: Logger,
): Promise<string[]> {
  const jobIds = await jobsRepository.deleteForBook(deps.db, bookId);
  await removeBlobsUnder(deps.blobs, manuscriptPrefix(bookId), logger);
  return jobIds;
}

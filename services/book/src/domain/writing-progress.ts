import type { events } from '@bookwright/contracts/events';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import type { BookHandlerDeps } from '../handlers/deps';

/** What the writer reports after each chapter it wrote or translated. */
export type WritingProgress = z.output<
  (typeof events.bookChapterWritten | typeof events.bookChapterTranslated)['schema']
>;

/**
 * Keeps the library's "chapter n of N" current from the writer's progress events, the same step for writing
 * (on-book-chapter-written.ts) and translating (on-book-chapter-translated.ts).
 */
export async function recordWritingProgress(deps: BookHandlerDeps, progress: WritingProgress): Promise<void> {
  await booksRepository.recordProgress(deps.db, progress.bookId, progress.chaptersWritten, progress.chaptersTotal);
}

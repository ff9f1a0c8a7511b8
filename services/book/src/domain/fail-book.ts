import { events } from '@bookwright/contracts/events';
import { type FailedStep } from '@bookwright/contracts/http';
import { enqueueEvent, type Logger } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';
import { allowanceKindOf } from './allowance-keys';
import { failMoveFor, moveBook } from './book-status';
import { booksRepository } from '../repositories/books.repository';

/**
 * planning|writing|translating → failed with a reason the author can read. The `book.failed` event names
 * the allowance reservation of the attempt and its kind (a translation's is a translation), which billing
 * gives back (once: its refund is idempotent per key).
 */
export async function failBook(
  trx: Transaction<BookDatabase>,
  book: BookRow,
  step: FailedStep,
  reason: string,
  logger: Logger,
): Promise<BookRow> {
  const to = moveBook(book.status, failMoveFor(step));
  const failed = await booksRepository.move(
    trx,
    book.id,
    { from: book.status, to },
    { failure: JSON.stringify({ step, reason, at: new Date().toISOString() }) },
  );
  await enqueueEvent(trx, events.bookFailed, {
    bookId: book.id,
    userId: book.user_id,
    step,
    reason,
    ...(book.allowance_key ? { allowanceKey: book.allowance_key } : {}),
    // Absent means a book, as in every event from before translations.
    ...(book.allowance_key && allowanceKindOf(book) === 'translation' ? { allowanceKind: 'translation' as const } : {}),
  });
  logger.warn({ bookId: book.id, step, reason }, 'book failed');
  return failed;
}

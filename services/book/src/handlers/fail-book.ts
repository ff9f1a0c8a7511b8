import { events } from '@bookwright/contracts';
import { enqueueEvent, type Logger } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';
import { moveBook } from '../domain/book-status';
import { booksRepository } from '../repositories/books.repository';

/**
 * planning|writing → failed with a reason the author can read. The `book.failed` event names the
 * allowance reservation of the attempt, which billing gives back (once: its refund is idempotent per key).
 */
export async function failBook(
  trx: Transaction<BookDatabase>,
  book: BookRow,
  step: 'planning' | 'writing',
  reason: string,
  logger: Logger,
): Promise<BookRow> {
  const to = moveBook(book.status, step === 'planning' ? 'failPlanning' : 'failWriting');
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
  });
  logger.warn({ bookId: book.id, step, reason }, 'book failed');
  return failed;
}

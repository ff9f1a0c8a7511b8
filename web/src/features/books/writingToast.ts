import type { Book } from '@bookwright/contracts/http';
import { correctToast, showCorrectable, toast } from '../../components/toast';
import { validationTexts } from '../validation/texts';

/** The confirmation's toast is named after its book, so the book's own events can find it. */
const toastIdOf = (bookId: string) => `writing:${bookId}`;

/**
 * After "Confirm and start writing": the spec's toast while the book is being written, or, when the answer
 * already says it is written (the offline writer can be that quick), that it is ready.
 */
export function announceWriting(book: Pick<Book, '_id' | 'title' | 'status'>): void {
  if (book.status === 'ready') toast.success(validationTexts.written(book.title));
  else showCorrectable('success', validationTexts.confirmed, toastIdOf(book._id));
}

/**
 * The book's writing ended while its confirmation may still be on screen: the toast says what is true now
 * (issue 47: it said "up to 30 minutes" beside a card already Ready). Written, it says so; failed, it
 * closes, as the card tells the failure and offers the retry.
 */
export function settleWritingToast(bookId: string, status: Book['status'], title: string | undefined): void {
  if (status === 'ready') {
    correctToast(toastIdOf(bookId), { kind: 'success', message: validationTexts.written(title) });
  } else if (status === 'failed') {
    correctToast(toastIdOf(bookId));
  }
}

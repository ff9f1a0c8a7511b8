import { requests } from '@bookwright/contracts/bus';
import type { Bus, RequestOptions } from '../bus/bus';

/**
 * What a service has just stored for a book stays only if the book still exists. Making it took a while
 * (a cover, an export, a writing job's snapshot), and a `book.deleted` handled meanwhile removed nothing of
 * it: nothing ever would. So the book service is asked once it is stored; it deletes a book before it
 * announces the deletion. Gone (404, and so is a book in the trash), `undo` removes what was stored and the
 * 404 is thrown; there, its deletion comes later and its `book.deleted` finds what was stored. A question
 * that cannot be answered undoes too, and its error is thrown: the caller's work failed, and is asked for
 * again from the start.
 */
export async function keepIfBookExists(
  bus: Pick<Bus, 'request'>,
  bookId: string,
  undo: () => Promise<unknown>,
  options: RequestOptions = {},
): Promise<void> {
  try {
    await bus.request(requests.book.getBrief, { bookId }, options);
  } catch (error) {
    await undo();
    throw error;
  }
}

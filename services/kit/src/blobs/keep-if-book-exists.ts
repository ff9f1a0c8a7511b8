import { requests } from '@bookwright/contracts/bus';
import type { Bus, RequestOptions } from '../bus/bus';
import type { BlobStore } from './blob-store';

/**
 * Blobs a service has just written for a book stay only if the book still exists. Making them took a
 * while (a cover, an export), and a `book.deleted` handled meanwhile removed nothing of them: nothing ever
 * would. So the book service is asked once they are written; it deletes a book before it announces the
 * deletion. Gone (404, and so is a book in the trash), the blobs are deleted and the 404 thrown; there, its
 * deletion comes later and its `book.deleted` takes them with the rest. A question that cannot be answered
 * deletes them too, and its error is thrown: the caller's work failed, and is asked for again.
 */
export async function keepIfBookExists(
  deps: { bus: Pick<Bus, 'request'>; blobs: Pick<BlobStore, 'delete'> },
  bookId: string,
  keys: readonly string[],
  options: RequestOptions = {},
): Promise<void> {
  try {
    await deps.bus.request(requests.book.getBrief, { bookId }, options);
  } catch (error) {
    await Promise.all(keys.map((key) => deps.blobs.delete(key).catch(() => undefined)));
    throw error;
  }
}

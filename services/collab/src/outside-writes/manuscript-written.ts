import type { EventMeta } from '@bookwright/kit';
import type { CollabHandlerDeps } from '../handlers/deps';

/**
 * The manuscript was written outside the live document (book.updated with `bookContent`, book.ready): the
 * replica holding the document merges it in. A live save's own event finds the version it saved, and
 * changes nothing.
 */
export async function applyManuscriptWritten(deps: CollabHandlerDeps, bookId: string, meta: EventMeta): Promise<void> {
  try {
    await deps.outsideWrites.apply(bookId, meta.id);
  } catch (error) {
    // Not retried here: the document's next save finds the manuscript moved (412) and merges it then.
    meta.logger.warn({ err: error, bookId }, 'collab: an outside write could not be applied');
  }
}

import { collabDocumentName } from '@bookwright/contracts/http';
import type { CollabHandlerDeps } from '../handlers/deps';

/**
 * A book moved to the trash or deleted for good: everyone's connections to it close (`book-gone`) and its
 * document is no longer saved (the book service refuses a trashed book's saves; what was typed in the
 * last two seconds before the trash is not kept).
 */
export function closeBook({ connections, persistence, logger }: CollabHandlerDeps, bookId: string, why: string) {
  persistence.markGone(collabDocumentName(bookId));
  const closed = connections.closeWhere((c) => c.bookId === bookId, 'book-gone');
  if (closed > 0) logger.info({ bookId, closed, why }, 'collab: book closed');
}

import { AppError, bookEtag, conditionalSaveMessages } from '@bookwright/contracts/http';
import type { BookRow } from '../db/schema';
import { savedVersion } from './manuscript-save';

/**
 * If-Match for a save, checked on the locked row (so two saves sent with the same tag cannot both pass).
 * Answers whether the save goes ahead: with no condition or a matching tag, yes. A stale tag is refused
 * with 412 and the current tag and time, unless the book already holds exactly what was sent, for
 * instance a retried save whose first answer was lost: RFC 9110 §13.1.1 lets that answer 2xx, and the
 * caller then stores nothing.
 */
export async function checkIfMatch(
  book: Pick<BookRow, 'version' | 'updated_at'>,
  ifMatch: string[] | undefined,
  alreadyApplied: () => boolean | Promise<boolean>,
): Promise<'save' | 'unchanged'> {
  if (ifMatch === undefined || ifMatch.includes(bookEtag(book.version))) return 'save';
  if (await alreadyApplied()) return 'unchanged';
  throw new AppError(412, conditionalSaveMessages.stale, {
    code: 'stale_book',
    extra: savedVersion(book),
  });
}

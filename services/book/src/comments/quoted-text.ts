import { AppError, noSuchChapterMessage, quoteNotFoundMessage, type CommentAnchor } from '@bookwright/contracts/http';
import type { Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { chapterText, locateQuote } from './anchoring';
import { commentsRepository } from './comments.repository';

/** A new thread's anchor must name a chapter of the stored manuscript and a quote in it: 400 otherwise. */
export async function requireQuotedText(db: Kysely<BookDatabase>, bookId: string, anchor: CommentAnchor) {
  const stored = (await commentsRepository.chapterNodes(db, bookId, [anchor.chapter])).get(anchor.chapter);
  if (stored === undefined) throw new AppError(400, noSuchChapterMessage(anchor.chapter));
  if (locateQuote(anchor, chapterText(stored)) === undefined)
    throw new AppError(400, quoteNotFoundMessage(anchor.chapter));
}

import { commentLinkPath } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { type events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { roleOn } from '../access/book-access';
import { commentsRepository } from '../comments/comments.repository';
import { authorOf } from '../comments/present-comments';
import { namesOf } from '../comments/read-threads';
import { booksRepository } from '../repositories/books.repository';
import type { BookHandlerDeps } from './deps';

type Reason = 'mention' | 'reply';

/** Sending a dozen mails over SMTP can take longer than an ordinary request. */
const mailTimeoutMs = 60_000;

/**
 * Who hears of a new comment, by mail: the members its text mentions and, for a reply, everyone who wrote
 * in its thread; never its author, and only people who still have a role on the book (a member removed
 * since is left out). The user service mails them unless they turned comment mail off or were mailed
 * about this book in the last 10 minutes; that throttle also makes a redelivered event mail no one twice.
 * A book trashed or deleted, or a comment deleted, since: nothing to tell.
 */
export function onCommentCreated(deps: Pick<BookHandlerDeps, 'db' | 'bus'>) {
  return async (event: z.output<(typeof events.commentCreated)['schema']>, meta: EventMeta) => {
    const { bookId, commentId, threadId, authorId } = event;
    const book = await booksRepository.findSummaryInLibrary(deps.db, bookId);
    const comment = book && (await commentsRepository.find(deps.db, bookId, commentId));
    const thread = comment && (await commentsRepository.find(deps.db, bookId, threadId));
    if (!book || !comment || !thread?.anchor) return;

    const reasons = new Map<string, Reason>(event.mentions.map((id) => [id, 'mention']));
    if (event.isReply)
      for (const writer of await commentsRepository.threadWriters(deps.db, threadId))
        if (!reasons.has(writer)) reasons.set(writer, 'reply');
    reasons.delete(authorId);
    const recipients: { userId: string; reason: Reason }[] = [];
    for (const [userId, reason] of reasons)
      if ((await roleOn(deps.db, userId, book)) !== undefined) recipients.push({ userId, reason });
    if (recipients.length === 0) {
      meta.logger.info({ bookId, commentId, asked: [], mailed: [] }, 'comment mail handed over');
      return;
    }

    const { mailed } = await deps.bus.request(
      requests.user.mailComment,
      {
        bookId,
        title: book.title,
        authorName: authorOf(await namesOf(deps.bus, [authorId]), authorId).name,
        body: comment.body,
        quote: thread.anchor.quote,
        path: commentLinkPath(bookId, threadId),
        recipients,
      },
      { timeoutMs: mailTimeoutMs },
    );
    // User ids only (no addresses): which people were asked about and which were mailed.
    const asked = recipients.map((recipient) => recipient.userId);
    meta.logger.info({ bookId, commentId, asked, mailed }, 'comment mail handed over');
  };
}

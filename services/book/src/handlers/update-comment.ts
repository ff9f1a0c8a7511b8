import { AppError, commentMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase } from '../db/schema';
import { commentsRepository, type CommentRow } from '../comments/comments.repository';
import { readThread } from '../comments/read-threads';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';

type Def = (typeof requests.book)['updateComment'];
type Change = z.output<Def['request']>['change'];

/**
 * PATCH /book/{id}/comments/{commentId}, a thread's first comment or a reply: a new body by its author
 * (any role that may comment), resolved or reopened (a thread only) by the owner and co-authors: the access
 * table's `resolveComment`, so an editor or commenter asking is told "Editors can't resolve comments".
 * Answers the whole thread. Resolving an open thread publishes comment.resolved; reopening publishes nothing.
 */
export function updateComment(deps: BookHandlerDeps) {
  return async ({ userId, bookId, commentId, change }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const action = change.resolved === undefined ? 'comment' : 'resolveComment';
    const threadId = await changeOwnedBook(
      deps,
      { userId, bookId, action, planFree: true },
      async (trx) => {
        const comment = await commentsRepository.find(trx, bookId, commentId, 'update');
        if (!comment) throw new AppError(404, commentMessages.notFound);
        await applyChange(trx, comment, change, { userId, at: nowOf(deps) });
        return comment.thread_id ?? comment.id;
      },
      commentsRepository.lockBook,
    );
    deps.logger.info(
      { bookId, commentId, resolved: change.resolved, edited: change.body !== undefined },
      'comment changed',
    );
    return readThread(deps, bookId, threadId);
  };
}

/** The change of one locked comment: refused whole (nothing written) when any part of it is not allowed. */
async function applyChange(
  trx: Transaction<BookDatabase>,
  comment: CommentRow,
  change: Change,
  by: { userId: string; at: Date },
): Promise<void> {
  if (change.body !== undefined && comment.author_id !== by.userId)
    throw new AppError(403, commentMessages.onlyAuthorEdits);
  if (change.resolved !== undefined && comment.thread_id !== null)
    throw new AppError(400, commentMessages.replyNotResolvable);
  if (change.body !== undefined && change.body !== comment.body)
    await commentsRepository.setBody(trx, comment.id, change.body, by.at);
  const wasResolved = comment.resolved_at !== null;
  if (change.resolved === undefined || change.resolved === wasResolved) return;
  await commentsRepository.setResolved(trx, comment.id, change.resolved ? { by: by.userId, at: by.at } : null);
  if (change.resolved)
    await enqueueEvent(trx, events.commentResolved, {
      bookId: comment.book_id,
      commentId: comment.id,
      resolvedBy: by.userId,
      at: by.at.toISOString(),
    });
}

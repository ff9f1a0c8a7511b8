import { AppError, commentMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { mentionsIn } from '../comments/book-people';
import { commentsRepository } from '../comments/comments.repository';
import { presentReply } from '../comments/present-comments';
import { namesOf } from '../comments/read-threads';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook, requireOwned, type Requester } from '../domain/owned-book';

type Def = (typeof requests.book)['createReply'];

/**
 * POST /book/{id}/comments/{commentId}/replies: a reply in a thread, by anyone whose role may comment. A
 * reply to a reply joins the same thread (threads are one level deep). A resolved thread stays resolved.
 * comment.created (isReply) lets the book service mail the thread's other writers and the mentioned.
 */
export function createCommentReply(deps: BookHandlerDeps) {
  return async ({ userId, bookId, commentId, body }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const who: Requester = { userId, bookId, action: 'comment', planFree: true };
    const book = await requireOwned(deps, who);
    const mentions = await mentionsIn(deps, book, body);
    const id = deps.newId();
    const at = nowOf(deps);
    const threadId = await changeOwnedBook(
      deps,
      who,
      async (trx) => {
        // Key-share locked: the thread cannot be deleted under the reply.
        const replied = await commentsRepository.find(trx, bookId, commentId, 'key share');
        if (!replied) throw new AppError(404, commentMessages.notFound);
        const thread = replied.thread_id ?? replied.id;
        await commentsRepository.insert(trx, {
          id,
          bookId,
          threadId: thread,
          authorId: userId,
          body,
          anchor: null,
          at,
        });
        await enqueueEvent(trx, events.commentCreated, {
          bookId,
          commentId: id,
          threadId: thread,
          authorId: userId,
          mentions,
          isReply: true,
          at: at.toISOString(),
        });
        return thread;
      },
      commentsRepository.lockBook,
    );
    deps.logger.info({ bookId, commentId: id, threadId, mentions: mentions.length }, 'comment reply created');
    const people = await namesOf(deps.bus, [userId]);
    return presentReply({ id, author_id: userId, body, created_at: at, edited_at: null }, people);
  };
}

import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { mentionsIn } from '../comments/book-people';
import { commentsRepository } from '../comments/comments.repository';
import { requireQuotedText } from '../comments/quoted-text';
import { readThread } from '../comments/read-threads';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook, requireOwned, type Requester } from '../domain/owned-book';

type Def = (typeof requests.book)['createComment'];

/**
 * POST /book/{id}/comments: a new thread on a quote of a chapter, by anyone whose role may comment (no plan
 * needed: comments change nothing of the book). The quote must be in the stored chapter; comment.created
 * names the members the text mentions, whom the book service then mails (on-comment-created.ts).
 */
export function createComment(deps: BookHandlerDeps) {
  return async ({ userId, bookId, anchor, body }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const who: Requester = { userId, bookId, action: 'comment', planFree: true };
    // Refused before the user service is asked for the book's people.
    const book = await requireOwned(deps, who);
    const mentions = await mentionsIn(deps, book, body);
    const id = deps.newId();
    const at = nowOf(deps);
    await changeOwnedBook(
      deps,
      who,
      async (trx) => {
        await requireQuotedText(trx, bookId, anchor);
        await commentsRepository.insert(trx, { id, bookId, threadId: null, authorId: userId, body, anchor, at });
        await enqueueEvent(trx, events.commentCreated, {
          bookId,
          commentId: id,
          threadId: id,
          authorId: userId,
          mentions,
          isReply: false,
          at: at.toISOString(),
        });
      },
      commentsRepository.lockBook,
    );
    deps.logger.info({ bookId, commentId: id, mentions: mentions.length }, 'comment created');
    return readThread(deps, bookId, id);
  };
}

import { AppError, commentMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { commentsRepository } from '../comments/comments.repository';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';

type Def = (typeof requests.book)['deleteComment'];

/**
 * DELETE /book/{id}/comments/{commentId}: its author deletes a thread (its replies go with it: a reply
 * means nothing without what it answers) or one reply. Anyone else whose role may comment is refused
 * (403); the owner resolves a thread instead of deleting someone's words.
 */
export function deleteComment(deps: BookHandlerDeps) {
  return async ({ userId, bookId, commentId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const wasThread = await changeOwnedBook(
      deps,
      { userId, bookId, action: 'comment', planFree: true },
      async (trx) => {
        const comment = await commentsRepository.find(trx, bookId, commentId, 'update');
        if (!comment) throw new AppError(404, commentMessages.notFound);
        if (comment.author_id !== userId) throw new AppError(403, commentMessages.onlyAuthorDeletes);
        await commentsRepository.remove(trx, commentId);
        return comment.thread_id === null;
      },
      commentsRepository.lockBook,
    );
    deps.logger.info({ bookId, commentId, wasThread }, 'comment deleted');
    return {};
  };
}

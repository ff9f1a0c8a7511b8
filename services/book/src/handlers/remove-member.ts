import { AppError, apiMessages, sharingMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';

type Def = (typeof requests.book)['removeMember'];

/**
 * DELETE /book/{id}/members/{memberId}: the owner removes someone, or someone leaves ("Leave this book":
 * their own id, which any role may do). The owner cannot leave their own book. The share is gone when this
 * answers, so the person's next request about the book is refused.
 */
export function removeMember(deps: BookHandlerDeps) {
  return async ({ userId, bookId, memberId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const leaving = memberId === userId;
    await changeOwnedBook(
      deps,
      { userId, bookId, action: leaving ? 'read' : 'share', planFree: true },
      async (trx, book) => {
        if (memberId === book.user_id) throw new AppError(400, sharingMessages.ownerCannotLeave);
        const role = await membersRepository.removeMember(trx, bookId, memberId);
        if (role === undefined)
          throw new AppError(404, leaving ? apiMessages.notFound : sharingMessages.memberNotFound);
        await enqueueEvent(trx, events.bookMemberRemoved, {
          bookId,
          ownerId: book.user_id,
          memberId,
          role,
          removedBy: userId,
        });
      },
    );
    deps.logger.info({ bookId, memberId, leaving }, leaving ? 'member left a book' : 'member removed');
    return {};
  };
}

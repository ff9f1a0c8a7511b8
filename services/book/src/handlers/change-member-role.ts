import { AppError, sharingMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { peopleById, presentMember } from '../access/people';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook, requireOwned } from '../domain/owned-book';

type Def = (typeof requests.book)['changeRole'];

/** PATCH /book/{id}/members/{memberId}: the owner gives someone on the book another role. */
export function changeMemberRole(deps: BookHandlerDeps) {
  return async ({ userId, bookId, memberId, role }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    // The person as the user service knows them, asked before the change (and after the access check, so
    // a stranger learns nothing): an account being deleted is no one to give a role to.
    await requireOwned(deps, { userId, bookId, action: 'share', planFree: true });
    const member = presentMember(await peopleById(deps.bus, [memberId]), memberId, role);
    if (!member) throw new AppError(404, sharingMessages.memberNotFound);
    const ownerId = await changeOwnedBook(
      deps,
      { userId, bookId, action: 'share', planFree: true },
      async (trx, book) => {
        const previousRole = await membersRepository.setRole(trx, bookId, memberId, role);
        if (previousRole === undefined) throw new AppError(404, sharingMessages.memberNotFound);
        if (previousRole !== role)
          await enqueueEvent(trx, events.bookMemberRoleChanged, {
            bookId,
            ownerId: book.user_id,
            memberId,
            role,
            previousRole,
            changedBy: userId,
          });
        return book.user_id;
      },
    );
    deps.logger.info({ bookId, memberId, role, ownerId }, 'role changed');
    return member;
  };
}

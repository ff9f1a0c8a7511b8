import { AppError, roleLabels, sharingMessages } from '@bookwright/contracts/http';
import { normalizeEmail } from '@bookwright/contracts/text';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { RequestContext } from '@bookwright/kit';
import { membersRepository } from '../access/members.repository';
import { peopleById } from '../access/people';
import { presentInvitation } from '../access/present-invitation';
import { sendInvitation } from '../access/send-invitation';
import { requireSharingPlan } from '../access/sharing-plans';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook, requireOwned } from '../domain/owned-book';

type Def = (typeof requests.book)['invite'];

/**
 * POST /book/{id}/members: the owner invites an email with a role. A pending invitation of the same
 * email is replaced (its links stop working). The mail goes out after the commit; if it cannot, the
 * invitation stands and the owner has its link to send another way.
 */
export function inviteMember(deps: BookHandlerDeps) {
  return async (
    { userId, bookId, email, role }: z.output<Def['request']>,
    context?: Pick<RequestContext, 'requestId'>,
  ) => {
    const book = await requireOwned(deps, { userId, bookId, action: 'share', planFree: true });
    await requireSharingPlan(deps.bus, book.user_id, context?.requestId);
    const invited = normalizeEmail(email);
    const shares = await membersRepository.listMembers(deps.db, bookId);
    const people = await peopleById(deps.bus, [book.user_id, ...shares.map((share) => share.user_id)]);
    const emailOf = (userId: string) => normalizeEmail(people.get(userId)?.email ?? '');
    if (emailOf(book.user_id) === invited) throw new AppError(400, sharingMessages.ownerIsMember);
    if (shares.some((share) => emailOf(share.user_id) === invited))
      throw new AppError(409, sharingMessages.alreadyMember, { code: 'already_member' });

    const invitation = { target: { bookId }, email: invited, role, roleLabel: roleLabels[role] };
    const inviter = { invitedBy: userId, inviterName: people.get(userId)?.name };
    // Under the book's row lock: two invitations of one email sent together leave one pending, not two.
    const { row, link } = await sendInvitation(deps, { ...invitation, ...inviter }, nowOf(deps), (insert) =>
      changeOwnedBook(deps, { userId, bookId, action: 'share', planFree: true }, async (trx, locked) => {
        await insert(trx);
        return locked.title;
      }),
    );
    return { ...presentInvitation(row), link };
  };
}

import { hashToken, newSecretToken } from '@bookwright/kit';
import {
  AppError,
  invitationLifetimeMs,
  normalizeEmail,
  requests,
  roleLabels,
  sharingMessages,
} from '@bookwright/contracts';
import type { z } from 'zod';
import type { RequestContext } from '@bookwright/kit';
import { invitationPath } from '../access/invitation-path';
import { membersRepository } from '../access/members.repository';
import { peopleById } from '../access/people';
import { presentInvitation } from '../access/present-invitation';
import { requireSharingPlan } from '../access/sharing-plans';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook, requireOwned } from './owned-book';

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

    const token = newSecretToken();
    const now = nowOf(deps);
    const row = {
      id: deps.newId(),
      book_id: bookId,
      workspace_id: null,
      email: invited,
      role,
      invited_by: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + invitationLifetimeMs),
    };
    // Under the book's row lock: two invitations of one email sent together leave one pending, not two.
    const title = await changeOwnedBook(
      deps,
      { userId, bookId, action: 'share', planFree: true },
      async (trx, locked) => {
        await membersRepository.revokePendingFor(trx, { bookId }, invited, now);
        await membersRepository.insertInvitation(trx, row, hashToken(token));
        return locked.title;
      },
    );
    const path = invitationPath(token);
    const inviterName = people.get(userId)?.name ?? 'A Bookwright author';
    await deps.bus
      .request(requests.user.mailInvitation, { to: invited, inviterName, title, roleLabel: roleLabels[role], path })
      .catch((error: unknown) => deps.logger.error({ err: error, bookId }, 'could not mail an invitation'));
    deps.logger.info({ bookId, invitationId: row.id, role }, 'invitation sent');
    return { ...presentInvitation({ ...row, accepted_at: null, accepted_by: null, revoked_at: null }), link: path };
  };
}

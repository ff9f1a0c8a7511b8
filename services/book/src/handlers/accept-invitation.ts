import { AppError, events, normalizeEmail, requests, sharingMessages, wrongInvitee } from '@bookwright/contracts';
import { enqueueEvent, hashToken } from '@bookwright/kit';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { invitationStatus } from '../access/present-invitation';
import { booksRepository } from '../repositories/books.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['acceptInvitation'];

/**
 * POST /invitations/{token}/accept: the signed-in person joins the book with the invited role. Single-use
 * (the invitation's row is locked, so two accepts cannot both join), bound to the invited email, valid for
 * seven days. Accepting again as the person who accepted answers the same, so a double click is harmless.
 */
export function acceptInvitation(deps: BookHandlerDeps) {
  return async ({ token, userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const { email } = await deps.bus.request(requests.user.getProfile, { userId });
    const accepted = await deps.db.transaction().execute(async (trx) => {
      const invitation = await membersRepository.byTokenHash(trx, hashToken(token), true);
      if (!invitation || invitation.revoked_at !== null) throw new AppError(404, sharingMessages.invitationNotFound);
      const book = await booksRepository.findSummaryInLibrary(trx, invitation.book_id);
      if (!book) throw new AppError(404, sharingMessages.invitationNotFound);
      const answer = { kind: 'book' as const, bookId: invitation.book_id, role: invitation.role };
      const status = invitationStatus(invitation, nowOf(deps));
      if (status === 'accepted') {
        if (invitation.accepted_by === userId) return answer;
        throw new AppError(409, sharingMessages.invitationUsed, { code: 'invitation_used' });
      }
      if (status === 'expired')
        throw new AppError(410, sharingMessages.invitationExpired, { code: 'invitation_expired' });
      if (normalizeEmail(email) !== invitation.email) throw new AppError(403, wrongInvitee(invitation.email));
      if (book.user_id === userId) throw new AppError(400, sharingMessages.ownerIsMember);
      await membersRepository.markAccepted(trx, invitation.id, userId, nowOf(deps));
      // Already on the book (invited twice): the newer invitation's role is the one they accepted.
      const previous = await membersRepository.setRole(trx, invitation.book_id, userId, invitation.role);
      if (previous === undefined) {
        await membersRepository.addMember(trx, {
          bookId: invitation.book_id,
          userId,
          role: invitation.role,
          addedBy: invitation.invited_by,
        });
        await enqueueEvent(trx, events.bookMemberAdded, {
          bookId: invitation.book_id,
          ownerId: book.user_id,
          memberId: userId,
          role: invitation.role,
          invitedBy: invitation.invited_by,
        });
      } else if (previous !== invitation.role) {
        await enqueueEvent(trx, events.bookMemberRoleChanged, {
          bookId: invitation.book_id,
          ownerId: book.user_id,
          memberId: userId,
          role: invitation.role,
          previousRole: previous,
          changedBy: invitation.invited_by,
        });
      }
      return answer;
    });
    deps.relay.kick();
    deps.logger.info({ bookId: accepted.bookId, userId, role: accepted.role }, 'invitation accepted');
    return accepted;
  };
}

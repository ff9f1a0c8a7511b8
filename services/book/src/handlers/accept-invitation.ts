import type { Transaction } from 'kysely';
import { AppError, SharedRoleSchema, sharingMessages, wrongInvitee } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { normalizeEmail } from '@bookwright/contracts/text';
import { requests } from '@bookwright/contracts/bus';
import { enqueueEvent, hashToken } from '@bookwright/kit';
import type { z } from 'zod';
import { membersRepository, type InvitationRow } from '../access/members.repository';
import type { BookDatabase } from '../db/schema';
import { joinWorkspace } from '../workspaces/join-workspace';
import { invitationStatus } from '../access/present-invitation';
import { booksRepository } from '../repositories/books.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['acceptInvitation'];

/** What an accepted invitation led to (the answer to accepting it again). */
function answerOf(invitation: InvitationRow) {
  return invitation.workspace_id !== null
    ? { kind: 'workspace' as const, workspaceId: invitation.workspace_id, role: invitation.role }
    : { kind: 'book' as const, bookId: invitation.book_id ?? '', role: invitation.role };
}

/** The person joins the book with the invited role (the newer invitation's, when they were on it already). */
async function joinBook(
  trx: Transaction<BookDatabase>,
  invitation: InvitationRow & { book_id: string },
  userId: string,
  now: Date,
) {
  const bookId = invitation.book_id;
  const role = SharedRoleSchema.parse(invitation.role);
  const book = await booksRepository.findSummaryInLibrary(trx, bookId);
  if (!book) throw new AppError(404, sharingMessages.invitationNotFound);
  if (book.user_id === userId) throw new AppError(400, sharingMessages.ownerIsMember);
  await membersRepository.markAccepted(trx, invitation.id, userId, now);
  const previous = await membersRepository.setRole(trx, bookId, userId, role);
  const about = { bookId, ownerId: book.user_id, memberId: userId, role };
  if (previous === undefined) {
    await membersRepository.addMember(trx, { bookId, userId, role, addedBy: invitation.invited_by });
    await enqueueEvent(trx, events.bookMemberAdded, { ...about, invitedBy: invitation.invited_by });
  } else if (previous !== role) {
    await enqueueEvent(trx, events.bookMemberRoleChanged, {
      ...about,
      previousRole: previous,
      changedBy: invitation.invited_by,
    });
  }
  return { kind: 'book' as const, bookId, role };
}

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
      const status = invitationStatus(invitation, nowOf(deps));
      if (status === 'accepted') {
        if (invitation.accepted_by === userId) return answerOf(invitation);
        throw new AppError(409, sharingMessages.invitationUsed, { code: 'invitation_used' });
      }
      if (status === 'expired')
        throw new AppError(410, sharingMessages.invitationExpired, { code: 'invitation_expired' });
      if (normalizeEmail(email) !== invitation.email) throw new AppError(403, wrongInvitee(invitation.email));
      const { workspace_id: workspaceId, book_id: bookId } = invitation;
      if (workspaceId !== null)
        return joinWorkspace(trx, { ...invitation, workspace_id: workspaceId }, userId, {
          newId: deps.newId,
          now: nowOf(deps),
        });
      if (bookId === null) throw new AppError(404, sharingMessages.invitationNotFound);
      return joinBook(trx, { ...invitation, book_id: bookId }, userId, nowOf(deps));
    });
    deps.relay.kick();
    deps.logger.info({ ...accepted, userId }, 'invitation accepted');
    return accepted;
  };
}

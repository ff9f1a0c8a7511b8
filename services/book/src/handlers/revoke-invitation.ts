import { AppError, sharingMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { invitationStatus } from '../access/present-invitation';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';

type Def = (typeof requests.book)['revokeInvitation'];

/** DELETE /book/{id}/invitations/{invitationId}: the owner takes back an invitation not accepted yet. */
export function revokeInvitation(deps: BookHandlerDeps) {
  return async ({ userId, bookId, invitationId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    await changeOwnedBook(deps, { userId, bookId, action: 'share', planFree: true }, async (trx) => {
      const invitation = await membersRepository.findInvitation(trx, { bookId }, invitationId);
      if (!invitation || invitation.revoked_at !== null) throw new AppError(404, sharingMessages.invitationNotFound);
      if (invitationStatus(invitation, nowOf(deps)) === 'accepted')
        throw new AppError(409, sharingMessages.invitationUsed, { code: 'invitation_used' });
      await membersRepository.revoke(trx, invitationId, nowOf(deps));
    });
    return {};
  };
}

import { hashToken, newSecretToken } from '@bookwright/kit';
import { AppError, sharingMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { invitationPath } from '../access/invitation-path';
import { membersRepository } from '../access/members.repository';
import { invitationStatus } from '../access/present-invitation';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';

type Def = (typeof requests.book)['invitationLink'];

/**
 * "Copy link" on a pending invitation: only hashes of links are kept, so a link cannot be shown twice; this
 * makes another one to the same invitation (the mailed one keeps working, and accepting either uses it up).
 */
export function createInvitationLink(deps: BookHandlerDeps) {
  return async ({ userId, bookId, invitationId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const token = newSecretToken();
    await changeOwnedBook(deps, { userId, bookId, action: 'share', planFree: true }, async (trx) => {
      const invitation = await membersRepository.findInvitation(trx, { bookId }, invitationId);
      if (!invitation || invitation.revoked_at !== null) throw new AppError(404, sharingMessages.invitationNotFound);
      const status = invitationStatus(invitation, nowOf(deps));
      if (status === 'accepted') throw new AppError(409, sharingMessages.invitationUsed, { code: 'invitation_used' });
      if (status === 'expired') throw new AppError(410, sharingMessages.invitationExpired);
      await membersRepository.addLink(trx, invitationId, hashToken(token));
    });
    return { link: invitationPath(token) };
  };
}

import { AppError, sharingMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { invitationStatus } from '../access/present-invitation';
import { recordAudit } from '../workspaces/audit.repository';
import { requireAdmin } from '../workspaces/workspace-access';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['revokeWorkspaceInvitation'];

/** DELETE /workspaces/{id}/invitations/{invitationId}: an admin takes back an invitation; its seat is free again. */
export function revokeWorkspaceInvitation(deps: BookHandlerDeps) {
  return async ({ userId, workspaceId, invitationId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = nowOf(deps);
    await deps.db.transaction().execute(async (trx) => {
      await requireAdmin(trx, { userId, workspaceId }, true);
      const invitation = await membersRepository.findInvitation(trx, { workspaceId }, invitationId);
      if (!invitation || invitation.revoked_at !== null) throw new AppError(404, sharingMessages.invitationNotFound);
      if (invitationStatus(invitation, now) === 'accepted')
        throw new AppError(409, sharingMessages.invitationUsed, { code: 'invitation_used' });
      await membersRepository.revoke(trx, invitationId, now);
      await recordAudit(
        trx,
        {
          workspaceId,
          actorId: userId,
          action: 'invitation.revoked',
          subjectEmail: invitation.email,
          role: invitation.role,
        },
        { ...deps, now },
      );
    });
    return {};
  };
}

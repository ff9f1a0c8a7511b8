import { hashToken, newSecretToken } from '@bookwright/kit';
import { AppError, sharingMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { invitationPath } from '../access/invitation-path';
import { membersRepository } from '../access/members.repository';
import { invitationStatus } from '../access/present-invitation';
import { requireAdmin } from '../workspaces/workspace-access';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['workspaceInvitationLink'];

/** "Copy link" on a workspace's pending invitation: a new link to it (links are kept only as hashes). */
export function createWorkspaceInvitationLink(deps: BookHandlerDeps) {
  return async ({ userId, workspaceId, invitationId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const token = newSecretToken();
    await requireAdmin(deps.db, { userId, workspaceId });
    const invitation = await membersRepository.findInvitation(deps.db, { workspaceId }, invitationId);
    if (!invitation || invitation.revoked_at !== null) throw new AppError(404, sharingMessages.invitationNotFound);
    const status = invitationStatus(invitation, nowOf(deps));
    if (status === 'accepted') throw new AppError(409, sharingMessages.invitationUsed, { code: 'invitation_used' });
    if (status === 'expired') throw new AppError(410, sharingMessages.invitationExpired);
    await membersRepository.addLink(deps.db, invitationId, hashToken(token));
    return { link: invitationPath(token) };
  };
}

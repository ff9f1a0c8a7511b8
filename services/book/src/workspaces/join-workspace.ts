import type { Transaction } from 'kysely';
import { AppError, InvitableWorkspaceRoleSchema, sharingMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';
import type { InvitationRow } from '../access/members.repository';
import { membersRepository } from '../access/members.repository';
import { recordAudit } from './audit.repository';
import { workspacesRepository } from './workspaces.repository';

/**
 * Accepting an invitation to a workspace, in the accepting transaction (the invitation's row is locked):
 * the person joins with the invited role, or takes it when they were in already (invited twice). The owner
 * keeps theirs. The seat was taken when the invitation was sent.
 */
export async function joinWorkspace(
  trx: Transaction<BookDatabase>,
  invitation: InvitationRow & { workspace_id: string },
  userId: string,
  ids: { newId: () => string; now: Date },
) {
  const role = InvitableWorkspaceRoleSchema.parse(invitation.role);
  const workspace = await workspacesRepository.find(trx, invitation.workspace_id, true);
  if (!workspace) throw new AppError(404, sharingMessages.invitationNotFound);
  await membersRepository.markAccepted(trx, invitation.id, userId, ids.now);
  const previous = await workspacesRepository.roleOf(trx, workspace.id, userId);
  const audit = { workspaceId: workspace.id, actorId: userId, subjectId: userId, role };
  if (previous === undefined) {
    await workspacesRepository.addMember(trx, {
      workspaceId: workspace.id,
      userId,
      role,
      addedBy: invitation.invited_by,
      now: ids.now,
    });
    await recordAudit(trx, { ...audit, action: 'member.joined' }, ids);
    await enqueueEvent(trx, events.workspaceMemberAdded, {
      workspaceId: workspace.id,
      ownerId: workspace.owner_id,
      memberId: userId,
      role,
      invitedBy: invitation.invited_by,
      seatsUsed: await workspacesRepository.memberCount(trx, workspace.id),
    });
  } else if (previous !== 'owner' && previous !== role) {
    await workspacesRepository.setRole(trx, workspace.id, userId, role);
    await recordAudit(trx, { ...audit, action: 'member.role-changed', previousRole: previous }, ids);
  }
  return { kind: 'workspace' as const, workspaceId: workspace.id, role };
}

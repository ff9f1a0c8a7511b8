import { AppError, managesWorkspace, workspaceMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { recordAudit } from '../workspaces/audit.repository';
import { requireMember } from '../workspaces/workspace-access';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['removeWorkspaceMember'];

/**
 * DELETE /workspaces/{id}/members/{memberId}: an admin removes someone, or a member leaves. The owner pays
 * for the workspace and can do neither. The person is taken off its books as well; their next request about
 * any of them is refused, and the gateways close their live streams on workspace.member.removed.
 */
export function removeWorkspaceMember(deps: BookHandlerDeps) {
  return async ({ userId, workspaceId, memberId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = nowOf(deps);
    await deps.db.transaction().execute(async (trx) => {
      const { workspace, role } = await requireMember(trx, { userId, workspaceId }, true);
      const leaving = memberId === userId;
      if (!leaving && !managesWorkspace(role))
        throw new AppError(403, workspaceMessages.adminsOnly, { code: 'role_forbids' });
      const member = await workspacesRepository.member(trx, workspaceId, memberId);
      if (!member) throw new AppError(404, workspaceMessages.memberNotFound);
      if (member.role === 'owner') throw new AppError(409, workspaceMessages.ownerCannotLeave, { code: 'last_owner' });
      await workspacesRepository.removeMember(trx, workspaceId, memberId);
      await workspacesRepository.removeSharesOnBooksOf(trx, workspaceId, memberId);
      await recordAudit(
        trx,
        {
          workspaceId,
          actorId: userId,
          action: leaving ? 'member.left' : 'member.removed',
          subjectId: memberId,
          role: member.role,
        },
        { ...deps, now },
      );
      await enqueueEvent(trx, events.workspaceMemberRemoved, {
        workspaceId,
        ownerId: workspace.owner_id,
        memberId,
        role: member.role,
        removedBy: userId,
        seatsUsed: await workspacesRepository.memberCount(trx, workspaceId),
      });
    });
    deps.relay.kick();
    deps.logger.info({ workspaceId, memberId, removedBy: userId }, 'workspace member removed');
    return {};
  };
}

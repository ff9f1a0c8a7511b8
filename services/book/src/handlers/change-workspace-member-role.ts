import { AppError, workspaceMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { peopleById } from '../access/people';
import { recordAudit } from '../workspaces/audit.repository';
import { requireAdmin } from '../workspaces/workspace-access';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['changeWorkspaceMemberRole'];

/** PATCH /workspaces/{id}/members/{memberId}: an admin makes someone an admin or a member; never the owner. */
export function changeWorkspaceMemberRole(deps: BookHandlerDeps) {
  return async ({
    userId,
    workspaceId,
    memberId,
    role,
  }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = nowOf(deps);
    const changed = await deps.db.transaction().execute(async (trx) => {
      await requireAdmin(trx, { userId, workspaceId }, true);
      const member = await workspacesRepository.member(trx, workspaceId, memberId);
      if (!member) throw new AppError(404, workspaceMessages.memberNotFound);
      if (member.role === 'owner') throw new AppError(409, workspaceMessages.ownerCannotLeave, { code: 'last_owner' });
      if (member.role !== role) {
        await workspacesRepository.setRole(trx, workspaceId, memberId, role);
        await recordAudit(
          trx,
          {
            workspaceId,
            actorId: userId,
            action: 'member.role-changed',
            subjectId: memberId,
            role,
            previousRole: member.role,
          },
          { ...deps, now },
        );
      }
      return member;
    });
    const person = (await peopleById(deps.bus, [memberId])).get(memberId);
    if (!person) throw new AppError(404, workspaceMessages.memberNotFound);
    deps.logger.info({ workspaceId, memberId, role }, 'workspace role changed');
    return {
      id: memberId,
      name: person.name,
      email: person.email,
      role,
      joinedAt: new Date(changed.created_at).toISOString(),
    };
  };
}

import type { RequestContext } from '@bookwright/kit';
import { AppError, seatLimitReached, workspaceMessages, workspaceRoleLabels } from '@bookwright/contracts/http';
import { normalizeEmail } from '@bookwright/contracts/text';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { peopleById } from '../access/people';
import { presentWorkspaceInvitation } from '../access/present-invitation';
import { sendInvitation } from '../access/send-invitation';
import { requireWorkspacePlan } from '../access/sharing-plans';
import { recordAudit } from '../workspaces/audit.repository';
import { requireAdmin } from '../workspaces/workspace-access';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['inviteWorkspaceMember'];

/**
 * POST /workspaces/{id}/members: an admin invites an email as admin or member. The invitation takes its seat
 * at once (under the workspace's row lock, so two sent together cannot both take the last one): 402 naming
 * the limit when none is free. A pending invitation of the same email is replaced and gives its seat back.
 */
export function inviteWorkspaceMember(deps: BookHandlerDeps) {
  return async (
    { userId, workspaceId, email, role }: z.output<Def['request']>,
    context?: Pick<RequestContext, 'requestId'>,
  ): Promise<z.input<Def['response']>> => {
    const { workspace } = await requireAdmin(deps.db, { userId, workspaceId });
    await requireWorkspacePlan(deps.bus, workspace.owner_id, context?.requestId);
    const invited = normalizeEmail(email);
    const members = await workspacesRepository.members(deps.db, workspaceId);
    const people = await peopleById(deps.bus, [userId, ...members.map((member) => member.user_id)]);
    if (members.some((member) => normalizeEmail(people.get(member.user_id)?.email ?? '') === invited))
      throw new AppError(409, workspaceMessages.alreadyMember, { code: 'already_member' });

    const now = nowOf(deps);
    const invitation = { target: { workspaceId }, email: invited, role, roleLabel: workspaceRoleLabels[role] };
    const inviter = { invitedBy: userId, inviterName: people.get(userId)?.name };
    const { row, link } = await sendInvitation(deps, { ...invitation, ...inviter }, now, (insert) =>
      deps.db.transaction().execute(async (trx) => {
        const { workspace: locked } = await requireAdmin(trx, { userId, workspaceId }, true);
        await insert(trx);
        // Counted with the new invitation and without the one it replaced; past the limit all of it rolls back.
        if ((await workspacesRepository.seatsUsed(trx, workspaceId, now)) > locked.seat_limit)
          throw new AppError(402, seatLimitReached(locked.seat_limit), { code: 'seat_limit' });
        await recordAudit(
          trx,
          { workspaceId, actorId: userId, action: 'member.invited', subjectEmail: invited, role },
          { ...deps, now },
        );
        return locked.name;
      }),
    );
    return { ...presentWorkspaceInvitation(row), link };
  };
}

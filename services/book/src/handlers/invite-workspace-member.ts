import { hashToken, newSecretToken, type RequestContext } from '@bookwright/kit';
import {
  AppError,
  invitationLifetimeMs,
  normalizeEmail,
  requests,
  seatLimitReached,
  workspaceMessages,
  workspaceRoleLabels,
} from '@bookwright/contracts';
import type { z } from 'zod';
import { invitationPath } from '../access/invitation-path';
import { membersRepository } from '../access/members.repository';
import { peopleById } from '../access/people';
import { presentWorkspaceInvitation } from '../access/present-invitation';
import { requireWorkspacePlan } from '../access/sharing-plans';
import { recordAudit } from '../workspaces/audit';
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

    const token = newSecretToken();
    const now = nowOf(deps);
    const row = {
      id: deps.newId(),
      book_id: null,
      workspace_id: workspaceId,
      email: invited,
      role,
      invited_by: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + invitationLifetimeMs),
    };
    const name = await deps.db.transaction().execute(async (trx) => {
      const { workspace: locked } = await requireAdmin(trx, { userId, workspaceId }, true);
      await membersRepository.revokePendingFor(trx, { workspaceId }, invited, now);
      const used = await workspacesRepository.seatsUsed(trx, workspaceId, now);
      if (used >= locked.seat_limit)
        throw new AppError(402, seatLimitReached(locked.seat_limit), { code: 'seat_limit' });
      await membersRepository.insertInvitation(trx, row, hashToken(token));
      await recordAudit(
        trx,
        { workspaceId, actorId: userId, action: 'member.invited', subjectEmail: invited, role },
        { ...deps, now },
      );
      return locked.name;
    });
    const path = invitationPath(token);
    const inviterName = people.get(userId)?.name ?? 'A Bookwright author';
    await deps.bus
      .request(requests.user.mailInvitation, {
        to: invited,
        inviterName,
        title: name,
        roleLabel: workspaceRoleLabels[role],
        kind: 'workspace',
        path,
      })
      .catch((error: unknown) => deps.logger.error({ err: error, workspaceId }, 'could not mail an invitation'));
    deps.logger.info({ workspaceId, invitationId: row.id, role }, 'workspace invitation sent');
    return {
      ...presentWorkspaceInvitation({ ...row, accepted_at: null, accepted_by: null, revoked_at: null }),
      link: path,
    };
  };
}

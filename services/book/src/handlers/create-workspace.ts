import { AppError, defaultWorkspaceSeats, workspaceMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent, type RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { requireWorkspacePlan } from '../access/sharing-plans';
import { recordAudit } from '../workspaces/audit.repository';
import { presentWorkspace } from '../workspaces/present-workspace';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['createWorkspace'];

/**
 * POST /workspaces: an Enterprise account makes its team workspace and is its owner. One each: the plan
 * pays for one workspace's seats and pool (the unique owner_id answers a second one made at once, too).
 */
export function createWorkspace(deps: BookHandlerDeps) {
  return async (
    { userId, name }: z.output<Def['request']>,
    context?: Pick<RequestContext, 'requestId'>,
  ): Promise<z.input<Def['response']>> => {
    await requireWorkspacePlan(deps.bus, userId, context?.requestId);
    const now = nowOf(deps);
    const row = { id: deps.newId(), name, owner_id: userId, seat_limit: defaultWorkspaceSeats, created_at: now };
    await deps.db.transaction().execute(async (trx) => {
      if (await workspacesRepository.ownedBy(trx, userId)) throw new AppError(409, workspaceMessages.alreadyOwnsOne);
      await workspacesRepository.insert(trx, row).catch((error: unknown) => {
        throw new AppError(409, workspaceMessages.alreadyOwnsOne, { cause: error });
      });
      await workspacesRepository.addMember(trx, { workspaceId: row.id, userId, role: 'owner', addedBy: userId, now });
      await recordAudit(trx, { workspaceId: row.id, actorId: userId, action: 'workspace.created' }, { ...deps, now });
      await enqueueEvent(trx, events.workspaceMemberAdded, {
        workspaceId: row.id,
        ownerId: userId,
        memberId: userId,
        role: 'owner',
        invitedBy: userId,
        seatsUsed: 1,
      });
    });
    deps.relay.kick();
    deps.logger.info({ workspaceId: row.id, userId }, 'workspace created');
    return presentWorkspace(row, 'owner', 1);
  };
}

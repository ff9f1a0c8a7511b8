import { AppError, workspaceMessages } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { presentWorkspace } from '../workspaces/present-workspace';
import { setSeatLimit } from '../workspaces/seat-limit';
import { requireAdmin } from '../workspaces/workspace-access';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['changeWorkspaceSeats'];

/**
 * PUT /workspaces/{id}/seats: an admin sets the seat count. Checked against the members first (nothing is
 * charged for a count that cannot hold them), then billing changes the subscription's quantity (prorated),
 * then the limit is stored: a failed charge leaves the limit as it was.
 */
export function changeWorkspaceSeats(deps: BookHandlerDeps) {
  return async (
    { userId, workspaceId, seats }: z.output<Def['request']>,
    context?: Pick<RequestContext, 'requestId'>,
  ): Promise<z.input<Def['response']>> => {
    const { workspace, role } = await requireAdmin(deps.db, { userId, workspaceId });
    if ((await workspacesRepository.memberCount(deps.db, workspaceId)) > seats)
      throw new AppError(409, workspaceMessages.fewerSeatsThanMembers, { code: 'seats_below_members' });
    await deps.bus.request(
      requests.billing.changeSeats,
      { userId: workspace.owner_id, workspaceId, seats },
      { requestId: context?.requestId },
    );
    const now = nowOf(deps);
    const changed = await setSeatLimit(deps.db, { workspaceId, seats, setBy: userId }, { newId: deps.newId, now });
    deps.logger.info({ workspaceId, seats, userId }, 'workspace seats changed');
    return presentWorkspace(changed, role, await workspacesRepository.seatsUsed(deps.db, workspaceId, now));
  };
}

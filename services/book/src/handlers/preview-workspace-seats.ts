import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { requireAdmin } from '../workspaces/workspace-access';
import type { BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['previewWorkspaceSeats'];

/** GET /workspaces/{id}/seats/preview?seats=N: for an admin, what the new count costs; billing prices it. */
export function previewWorkspaceSeats(deps: BookHandlerDeps) {
  return async (
    { userId, workspaceId, seats }: z.output<Def['request']>,
    context?: Pick<RequestContext, 'requestId'>,
  ): Promise<z.input<Def['response']>> => {
    const { workspace } = await requireAdmin(deps.db, { userId, workspaceId });
    return deps.bus.request(
      requests.billing.previewSeats,
      { userId: workspace.owner_id, currentSeats: workspace.seat_limit, seats },
      { requestId: context?.requestId },
    );
  };
}

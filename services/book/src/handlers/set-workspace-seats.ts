import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { seatsOf } from '../workspaces/present-workspace';
import { setSeatLimit } from '../workspaces/seat-limit';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['setWorkspaceSeats'];

/** Internal: a workspace's seat limit, from billing or an operator; never below its members (409). */
export function setWorkspaceSeats(deps: BookHandlerDeps) {
  return async ({ workspaceId, seats, setBy }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = nowOf(deps);
    const workspace = await setSeatLimit(deps.db, { workspaceId, seats, setBy }, { newId: deps.newId, now });
    return { id: workspace.id, seats: await seatsOf(deps.db, workspace, now) };
  };
}

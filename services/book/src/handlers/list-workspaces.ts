import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentWorkspace } from '../workspaces/present-workspace';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['listWorkspaces'];

/** GET /workspaces: the workspaces the person belongs to, oldest first, with their role and seats. */
export function listWorkspaces(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = nowOf(deps);
    const rows = await workspacesRepository.ofPerson(deps.db, userId);
    const workspaces = await Promise.all(
      rows.map(async ({ role, ...row }) =>
        presentWorkspace(row, role, await workspacesRepository.seatsUsed(deps.db, row.id, now)),
      ),
    );
    return { workspaces };
  };
}

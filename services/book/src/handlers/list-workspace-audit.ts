import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { peopleById } from '../access/people';
import { auditPage, presentAudit } from '../workspaces/audit.repository';
import { requireAdmin } from '../workspaces/workspace-access';
import type { BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['listWorkspaceAudit'];

/** GET /workspaces/{id}/audit: a page of the log, newest first, with the people's names; admins only. */
export function listWorkspaceAudit(deps: BookHandlerDeps) {
  return async ({
    userId,
    workspaceId,
    before,
    limit,
  }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    await requireAdmin(deps.db, { userId, workspaceId });
    const rows = await auditPage(deps.db, workspaceId, { ...(before ? { before } : {}), limit });
    const ids = rows.flatMap((row) => (row.subject_id === null ? [row.actor_id] : [row.actor_id, row.subject_id]));
    const people = await peopleById(deps.bus, ids);
    return { entries: rows.map((row) => presentAudit(row, people)) };
  };
}

import { membersRepository } from '../access/members.repository';
import { managesWorkspace, type WorkspaceMember } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { peopleById } from '../access/people';
import { presentWorkspaceInvitation } from '../access/present-invitation';
import { requireMember } from '../workspaces/workspace-access';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['listWorkspaceMembers'];

/** GET /workspaces/{id}/members: its people (owner first) and seats for any member; invitations for admins. */
export function listWorkspaceMembers(deps: BookHandlerDeps) {
  return async (asker: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const { workspace, role } = await requireMember(deps.db, asker);
    const now = nowOf(deps);
    const rows = await workspacesRepository.members(deps.db, workspace.id);
    const people = await peopleById(
      deps.bus,
      rows.map((row) => row.user_id),
    );
    const members: WorkspaceMember[] = [];
    for (const row of rows) {
      const person = people.get(row.user_id);
      if (!person) continue;
      members.push({
        id: row.user_id,
        name: person.name,
        email: person.email,
        role: row.role,
        joinedAt: new Date(row.created_at).toISOString(),
      });
    }
    members.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
    if (managesWorkspace(role)) await addSpending(deps, workspace.owner_id, members);
    const pending = managesWorkspace(role)
      ? await membersRepository.pendingInvitations(deps.db, { workspaceId: workspace.id }, now)
      : [];
    const invitations = pending.map(presentWorkspaceInvitation);
    const used = await workspacesRepository.seatsUsed(deps.db, workspace.id, now);
    return { members, invitations, seats: { used, limit: workspace.seat_limit } };
  };
}

/**
 * Each member's share of the pool this month, for the admins (billing records who spent each unit). Without
 * billing the list is still answered, without the figures.
 */
async function addSpending(deps: BookHandlerDeps, ownerId: string, members: WorkspaceMember[]): Promise<void> {
  try {
    const { spenders } = await deps.bus.request(requests.billing.listUsage, { userId: ownerId });
    const byId = new Map(spenders.map(({ userId, ...spent }) => [userId, spent]));
    for (const member of members) member.spentThisMonth = byId.get(member.id) ?? { book: 0, cover: 0, translation: 0 };
  } catch (error) {
    deps.logger.warn({ err: error }, "could not read the workspace's spending");
  }
}

import type { Kysely } from 'kysely';
import type { Seats, Workspace, WorkspaceRole } from '@bookwright/contracts/http';
import type { BookDatabase } from '../db/schema';
import { workspacesRepository, type WorkspaceRow } from './workspaces.repository';

export function presentWorkspace(row: WorkspaceRow, role: WorkspaceRole, seatsUsed: number): Workspace {
  return {
    id: row.id,
    name: row.name,
    role,
    ownerId: row.owner_id,
    seats: { used: seatsUsed, limit: row.seat_limit },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The seats of a workspace now: used (members and pending invitations) of its limit. */
export async function seatsOf(db: Kysely<BookDatabase>, workspace: WorkspaceRow, now: Date): Promise<Seats> {
  return { used: await workspacesRepository.seatsUsed(db, workspace.id, now), limit: workspace.seat_limit };
}

import type { Kysely } from 'kysely';
import { AppError, workspaceMessages } from '@bookwright/contracts/http';
import type { BookDatabase } from '../db/schema';
import { recordAudit } from './audit.repository';
import { workspacesRepository, type WorkspaceRow } from './workspaces.repository';

/**
 * Sets a workspace's seat limit, never below its members (409), with its audit line, under its row lock.
 * The one place the limit changes: billing's seat change, and the operator's `npm run admin -- set-seats`.
 */
export async function setSeatLimit(
  db: Kysely<BookDatabase>,
  change: { workspaceId: string; seats: number; setBy: string },
  ids: { newId: () => string; now: Date },
): Promise<WorkspaceRow> {
  return db.transaction().execute(async (trx) => {
    const workspace = await workspacesRepository.find(trx, change.workspaceId, true);
    if (!workspace) throw new AppError(404, workspaceMessages.notFound);
    if ((await workspacesRepository.memberCount(trx, change.workspaceId)) > change.seats)
      throw new AppError(409, workspaceMessages.fewerSeatsThanMembers, { code: 'seats_below_members' });
    if (workspace.seat_limit === change.seats) return workspace;
    await workspacesRepository.setSeatLimit(trx, change.workspaceId, change.seats);
    await recordAudit(
      trx,
      { workspaceId: change.workspaceId, actorId: change.setBy, action: 'seats.changed', seats: change.seats },
      ids,
    );
    return { ...workspace, seat_limit: change.seats };
  });
}

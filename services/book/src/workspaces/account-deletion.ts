import type { Transaction } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';
import { recordAudit } from './audit.repository';
import { workspacesRepository } from './workspaces.repository';

/**
 * An account is being deleted (issue 43: "a workspace's books stay with the workspace"). The workspace it
 * owned passes to its longest-standing admin, else its longest-standing member, with its books (their
 * `user_id` is who pays: the new owner, who needs an Enterprise plan of their own to change them). A
 * workspace with nobody else goes with the account, and its books with the account's. Then the account
 * leaves every workspace it was in, each announced as workspace.member.removed.
 */
export async function leaveWorkspaces(
  trx: Transaction<BookDatabase>,
  userId: string,
  ids: { newId: () => string; now: Date },
): Promise<void> {
  const owned = await workspacesRepository.ownedBy(trx, userId);
  if (owned) {
    const others = (await workspacesRepository.members(trx, owned.id)).filter((m) => m.user_id !== userId);
    const successor = others.find((m) => m.role === 'admin') ?? others[0];
    if (successor) {
      await workspacesRepository.handOver(trx, owned.id, userId, successor.user_id);
      await recordAudit(
        trx,
        {
          workspaceId: owned.id,
          actorId: userId,
          action: 'member.role-changed',
          subjectId: successor.user_id,
          role: 'owner',
          previousRole: successor.role,
        },
        ids,
      );
    } else await workspacesRepository.remove(trx, owned.id);
  }
  for (const membership of await workspacesRepository.removeEverywhere(trx, userId)) {
    const workspace = await workspacesRepository.find(trx, membership.workspace_id);
    if (!workspace) continue;
    await recordAudit(
      trx,
      { workspaceId: workspace.id, actorId: userId, action: 'member.left', subjectId: userId, role: membership.role },
      ids,
    );
    await enqueueEvent(trx, events.workspaceMemberRemoved, {
      workspaceId: workspace.id,
      ownerId: workspace.owner_id,
      memberId: userId,
      role: membership.role,
      removedBy: userId,
      seatsUsed: await workspacesRepository.memberCount(trx, workspace.id),
    });
  }
}

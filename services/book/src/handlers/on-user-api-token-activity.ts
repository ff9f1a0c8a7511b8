import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { recordAudit } from '../workspaces/audit.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import type { BookHandlerDeps } from './deps';

type Activity = z.output<(typeof events.userApiTokenActivity)['schema']>;

const actions = {
  created: 'api-token.created',
  'used-from-new-address': 'api-token.used-from-new-address',
  revoked: 'api-token.revoked',
} as const;

/**
 * An API token made, used from a new address or revoked (issue 45), into the audit logs of the workspaces it
 * reaches: a workspace's token into its workspace's; a personal token into every workspace its maker belongs
 * to, whose books it can read as they can. A token reaching no workspace leaves no line (its maker sees its
 * last use in Settings). Each line's id is the event's, so a redelivered event writes nothing twice.
 */
export function onUserApiTokenActivity(deps: Pick<BookHandlerDeps, 'db'>) {
  return async (event: Activity, meta: EventMeta) => {
    const workspaces = event.workspaceId
      ? [await workspacesRepository.find(deps.db, event.workspaceId)]
      : await workspacesRepository.ofPerson(deps.db, event.userId);
    const workspaceIds = workspaces.flatMap((workspace) => (workspace ? [workspace.id] : []));
    for (const workspaceId of workspaceIds)
      await recordAudit(
        deps.db,
        {
          workspaceId,
          actorId: event.actorId ?? event.userId,
          action: actions[event.action],
          token: { id: event.tokenId, name: event.tokenName },
          address: event.ip,
        },
        { newId: () => `${meta.id}:${workspaceId}`, now: new Date(event.at) },
      );
    meta.logger.info({ tokenId: event.tokenId, action: event.action, workspaceIds }, 'API token activity audited');
  };
}

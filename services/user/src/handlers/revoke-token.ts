import { AppError, apiTokenMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { administeredWorkspaces, enqueueTokenActivity } from '../domain/api-tokens';
import { apiTokensRepository } from '../repositories/api-tokens.repository';
import type { ApiTokenHandlerDeps } from './deps';

type Def = (typeof requests.user)['revokeToken'];

/**
 * Stamps revoked_at (the row and its history stay). A personal token is its maker's to revoke; a workspace's
 * token, any of the workspace's admins'. A token the person may not revoke is as unknown as a missing one.
 */
export function revokeToken(deps: ApiTokenHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const found = await apiTokensRepository.findLive(deps.db, input.tokenId);
    const mayRevoke =
      found !== undefined &&
      (found.workspace_id === null
        ? found.user_id === input.userId
        : (await administeredWorkspaces(deps.bus, input.userId)).some(
            (workspace) => workspace.id === found.workspace_id,
          ));
    if (!mayRevoke) throw new AppError(404, apiTokenMessages.notFound);
    const now = deps.now();
    const revoked = await deps.db.transaction().execute(async (trx) => {
      const row = await apiTokensRepository.revoke(trx, input.tokenId, now);
      if (row) await enqueueTokenActivity(trx, row, { action: 'revoked', at: now, actorId: input.userId });
      return row;
    });
    if (!revoked) throw new AppError(404, apiTokenMessages.notFound);
    deps.relay.kick();
    deps.logger.info({ tokenId: revoked.id, userId: revoked.user_id, revokedBy: input.userId }, 'API token revoked');
    return {};
  };
}

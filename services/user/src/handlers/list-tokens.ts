import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { administeredWorkspaces, presentApiToken } from '../domain/api-tokens';
import { apiTokensRepository } from '../repositories/api-tokens.repository';
import type { ApiTokenHandlerDeps } from './deps';

type Def = (typeof requests.user)['listTokens'];

/** The person's tokens that are not revoked, and those of the workspaces they administer, without secrets. */
export function listTokens(deps: ApiTokenHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const workspaces = await administeredWorkspaces(deps.bus, input.userId);
    const rows = await apiTokensRepository.listLive(
      deps.db,
      input.userId,
      workspaces.map((workspace) => workspace.id),
    );
    return {
      tokens: rows.map((row) =>
        presentApiToken(row, { first_name: row.maker_first_name, last_name: row.maker_last_name }),
      ),
    };
  };
}

import type { z } from 'zod';
import { apiTokenHash, isWellFormedApiToken, sameHash } from '../domain/api-token-format';
import { enqueueTokenActivity, requireApiPlan, scopesOf } from '../domain/api-tokens';
import { AppError, apiTokenMessages } from '@bookwright/contracts/http';
import { requests as busRequests } from '@bookwright/contracts/bus';
import { apiTokensRepository } from '../repositories/api-tokens.repository';
import type { ApiTokenHandlerDeps } from './deps';

type Def = (typeof busRequests.user)['resolveToken'];
const noteUseEveryMs = 60_000;
const lastUsedAt = (row: { last_used_at: Date | string | null }) =>
  row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime();

/**
 * A token in use: found by the keyed hash of the whole token (never by its visible start, so no answer
 * tells whether some prefix exists), then compared in constant time. 401 for a malformed, unknown,
 * revoked or expired token alike; 402 when the owner's plan no longer includes API access (the token and
 * its history stay, and it works again if the plan comes back). A use from a new address is logged.
 */
export function resolveToken(deps: ApiTokenHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    if (!isWellFormedApiToken(input.token)) throw new AppError(401, apiTokenMessages.invalid);
    const hash = apiTokenHash(input.token, deps.apiTokenHashSecret);
    const row = await apiTokensRepository.findByHash(deps.db, hash);
    const now = deps.now();
    if (
      !row ||
      !sameHash(row.token_hash, hash) ||
      row.revoked_at !== null ||
      (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime())
    )
      throw new AppError(401, apiTokenMessages.invalid);
    await requireApiPlan(deps.bus, await payerOf(deps, row));
    if (row.last_used_ip !== input.ip) {
      // A new address: noted and announced together (the audit log), once per change of address.
      await deps.db.transaction().execute(async (trx) => {
        await apiTokensRepository.noteUse(trx, row.id, now, input.ip);
        await enqueueTokenActivity(trx, row, { action: 'used-from-new-address', at: now, ip: input.ip });
      });
      deps.relay.kick();
    } else if (now.getTime() - lastUsedAt(row) >= noteUseEveryMs) {
      // One write a minute per token at most, not one per request: enough for "last used".
      await apiTokensRepository.noteUse(deps.db, row.id, now, input.ip);
    }
    return {
      userId: row.user_id,
      tokenId: row.id,
      scopes: scopesOf(row),
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      workspaceId: row.workspace_id,
    };
  };
}

/**
 * Who pays for a token's use: its maker, or for a workspace's token the workspace's owner — while the maker
 * still administers the workspace. A maker who left or was made a plain member leaves a token that no longer
 * works (401, like a revoked one); the workspace's other admins still see it, to revoke it.
 */
async function payerOf(
  deps: ApiTokenHandlerDeps,
  row: { user_id: string; workspace_id: string | null },
): Promise<string> {
  if (row.workspace_id === null) return row.user_id;
  const { workspaces } = await deps.bus.request(busRequests.book.listWorkspaces, { userId: row.user_id });
  const workspace = workspaces.find((candidate) => candidate.id === row.workspace_id);
  if (!workspace || (workspace.role !== 'owner' && workspace.role !== 'admin'))
    throw new AppError(401, apiTokenMessages.invalid);
  return workspace.ownerId;
}

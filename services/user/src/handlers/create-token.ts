import { randomUUID } from 'node:crypto';
import { AppError } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { apiTokenCreatedMail } from '../domain/api-token-mail';
import { apiTokenHash, newApiToken } from '../domain/api-token-format';
import { enqueueTokenActivity, presentApiToken, requireApiPlan, requireWorkspaceAdmin } from '../domain/api-tokens';
import { apiTokensRepository } from '../repositories/api-tokens.repository';
import { usersRepository } from '../repositories/users.repository';
import type { ApiTokenHandlerDeps } from './deps';

type Def = (typeof requests.user)['createToken'];
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Makes a token (Enterprise only), keeps its keyed hash, mails its maker, and hands the secret back once. A
 * workspace's token needs its maker to administer the workspace, and the workspace's owner to be on Enterprise.
 */
export function createToken(deps: ApiTokenHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const user = await usersRepository.findById(deps.db, input.userId);
    if (!user) throw new AppError(401, 'Unknown user');
    const workspace = input.workspaceId
      ? await requireWorkspaceAdmin(deps.bus, input.userId, input.workspaceId)
      : undefined;
    await requireApiPlan(deps.bus, workspace?.ownerId ?? input.userId);
    const token = newApiToken();
    const now = deps.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await apiTokensRepository.insert(trx, {
        id: randomUUID(),
        userId: input.userId,
        name: input.name,
        tokenHash: apiTokenHash(token, deps.apiTokenHashSecret),
        lastFour: token.slice(-4),
        scopes: input.scopes.join(','),
        createdAt: now,
        expiresAt: input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * dayMs),
        workspaceId: workspace?.id ?? null,
      });
      await enqueueTokenActivity(trx, inserted, { action: 'created', at: now });
      return inserted;
    });
    deps.relay.kick();
    const presented = presentApiToken(row, user);
    // The token exists whether or not the mail goes out: a mail failure is logged, not the caller's error.
    await deps.mailer
      .send(
        apiTokenCreatedMail({
          to: user.email,
          tokenName: row.name,
          scopes: presented.scopes,
          lastFour: row.last_four,
          settingsLink: `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/app/settings`,
        }),
      )
      .catch((error: unknown) => deps.logger.warn({ err: error, tokenId: row.id }, 'API token mail failed'));
    return { ...presented, token };
  };
}

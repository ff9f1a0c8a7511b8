import {
  AppError,
  apiTokenMessages,
  apiTokenPrefix,
  errorScreens,
  type ApiToken,
  type ApiTokenScope,
  type Workspace,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { enqueueEvent, type Bus } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { UserDatabase } from '../db/schema';
import type { ApiTokenRow } from '../repositories/api-tokens.repository';

/**
 * API access comes with Enterprise (the spec's plans): making a token, and using one, need it — the plan of
 * the person for a personal token, of the workspace's owner (who pays for it) for a workspace's token.
 */
export async function requireApiPlan(bus: Bus, payerId: string): Promise<void> {
  const { accountType } = await bus.request(requests.billing.getSummary, { userId: payerId });
  if (accountType !== 'enterprise') throw new AppError(402, errorScreens[402].description);
}

const managesWorkspace = (workspace: Workspace) => workspace.role === 'owner' || workspace.role === 'admin';

/** The workspaces a person administers (their owner's or admin's role), which they manage the tokens of. */
export async function administeredWorkspaces(bus: Bus, userId: string): Promise<Workspace[]> {
  const { workspaces } = await bus.request(requests.book.listWorkspaces, { userId });
  return workspaces.filter(managesWorkspace);
}

/**
 * The workspace a person manages tokens of, from the book service (which keeps the workspaces): 404 when they
 * are not in it (as for any workspace of others), 403 when they are a member but not an admin.
 */
export async function requireWorkspaceAdmin(bus: Bus, userId: string, workspaceId: string): Promise<Workspace> {
  const { workspaces } = await bus.request(requests.book.listWorkspaces, { userId });
  const workspace = workspaces.find((candidate) => candidate.id === workspaceId);
  if (!workspace) throw new AppError(404, apiTokenMessages.workspaceNotFound);
  if (!managesWorkspace(workspace)) throw new AppError(403, apiTokenMessages.workspaceAdminsOnly);
  return workspace;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function scopesOf(row: Pick<ApiTokenRow, 'scopes'>): ApiTokenScope[] {
  return row.scopes.split(',').filter(Boolean) as ApiTokenScope[];
}

/** A token as its owner sees it in a list: never the secret or its hash. */
export function presentApiToken(row: ApiTokenRow, maker: { first_name: string; last_name: string }): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: apiTokenPrefix,
    lastFour: row.last_four,
    scopes: scopesOf(row),
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedFrom: row.last_used_ip,
    workspaceId: row.workspace_id,
    createdBy: { id: row.user_id, name: `${maker.first_name} ${maker.last_name}`.trim() },
  };
}

/**
 * Announces a token's creation, revocation or use from a new address (user.api-token-activity), for the
 * audit log: call it in the transaction of the change and kick the relay after the commit.
 */
export async function enqueueTokenActivity(
  trx: Kysely<UserDatabase>,
  row: ApiTokenRow,
  activity: { action: 'created' | 'used-from-new-address' | 'revoked'; at: Date; ip?: string; actorId?: string },
): Promise<void> {
  await enqueueEvent(trx, events.userApiTokenActivity, {
    tokenId: row.id,
    userId: row.user_id,
    tokenName: row.name,
    scopes: scopesOf(row),
    action: activity.action,
    ...(row.workspace_id === null ? {} : { workspaceId: row.workspace_id }),
    ...(activity.actorId === undefined || activity.actorId === row.user_id ? {} : { actorId: activity.actorId }),
    ...(activity.ip === undefined ? {} : { ip: activity.ip }),
    at: activity.at.toISOString(),
  });
}

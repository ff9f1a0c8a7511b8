import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AppError,
  noPlanBillingSummary,
  type AccountType,
  type Workspace,
  type WorkspaceRole,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { newAccount } from '@bookwright/contracts/testing';
import { openUserHandlerWorld, type UserHandlerWorld } from '../testing/handler-world';
import { createToken } from './create-token';
import { listTokens } from './list-tokens';
import type { ApiTokenHandlerDeps } from './deps';
import { resolveToken } from './resolve-token';
import { revokeToken } from './revoke-token';
import { signUp } from './sign-up';

/** The token handlers against a real, migrated database, with billing faked on the bus. */
let world: UserHandlerWorld;
let database: UserHandlerWorld['database'];
let deps: ApiTokenHandlerDeps;
let plan: AccountType;
/** Plans of particular people; everyone else has `plan`. */
let plans: Map<string, AccountType>;
/** The book service's answer to "which workspaces is this person in, and as what". */
let memberships: Map<string, Workspace[]>;
let clock: number;

beforeEach(async () => {
  clock = Date.parse('2026-11-01T10:00:00Z');
  world = await openUserHandlerWorld({ now: () => new Date(clock) });
  database = world.database;
  const { bus } = world;
  plan = 'enterprise';
  plans = new Map();
  memberships = new Map();
  await bus.serve(requests.billing.getSummary, async ({ userId }) => ({
    ...noPlanBillingSummary,
    accountType: plans.get(userId) ?? plan,
  }));
  await bus.serve(requests.book.listWorkspaces, async ({ userId }) => ({ workspaces: memberships.get(userId) ?? [] }));
  deps = { ...world.deps, bus, apiTokenHashSecret: 'a-test-secret-of-at-least-32-characters' };
});
afterEach(() => world.close());

const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof AppError ? error.status : 500),
  );

const activity = async () =>
  (
    await database.db
      .selectFrom('outbox' as never)
      .select(['event_name', 'payload'] as never)
      .orderBy('seq' as never)
      .execute()
  )
    .map((row) => row as { event_name: string; payload: Record<string, unknown> })
    .filter((row) => row.event_name === 'user.api-token-activity')
    .map((row) => row.payload);

describe('API tokens in the user service', () => {
  it('keeps only the keyed hash, and announces creation, each new address and revocation', async () => {
    const { user } = await signUp(deps)(newAccount());
    const created = await createToken(deps)({ userId: user._id, name: 'CI', scopes: ['books:read'] });
    const stored = await database.db.selectFrom('api_tokens').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(7));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const resolve = resolveToken(deps);
    await resolve({ token: created.token, ip: '203.0.113.1' });
    await resolve({ token: created.token, ip: '203.0.113.1' });
    await resolve({ token: created.token, ip: '203.0.113.2' });
    await revokeToken(deps)({ userId: user._id, tokenId: created.id });

    const seen = await activity();
    expect(seen.map((event) => [event.action, event.ip])).toEqual([
      ['created', undefined],
      ['used-from-new-address', '203.0.113.1'],
      ['used-from-new-address', '203.0.113.2'],
      ['revoked', undefined],
    ]);
    expect(seen.every((event) => event.tokenId === created.id && event.userId === user._id)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(created.token.slice(7));
    expect(await statusOf(resolve({ token: created.token, ip: '203.0.113.2' }))).toBe(401);
  });

  it('answers 401 once expired, and 402 while the plan has lapsed, keeping the token', async () => {
    const { user } = await signUp(deps)(newAccount());
    const created = await createToken(deps)({ userId: user._id, name: 'CI', scopes: ['books:read'], expiresInDays: 1 });
    const resolve = resolveToken(deps);
    expect(await statusOf(resolve({ token: created.token, ip: '::1' }))).toBe(200);
    plan = 'professional';
    expect(await statusOf(resolve({ token: created.token, ip: '::1' }))).toBe(402);
    expect(await statusOf(createToken(deps)({ userId: user._id, name: 'x', scopes: ['books:read'] }))).toBe(402);
    plan = 'enterprise';
    expect(await statusOf(resolve({ token: created.token, ip: '::1' }))).toBe(200);
    clock += 24 * 60 * 60 * 1000;
    expect(await statusOf(resolve({ token: created.token, ip: '::1' }))).toBe(401);
  });

  it('lets the admins of a workspace make, see and revoke its tokens, which work while their maker administers it', async () => {
    const [owner, admin, member, stranger] = await Promise.all(
      ['owner', 'admin', 'member', 'stranger'].map(async () => (await signUp(deps)(newAccount())).user._id),
    );
    const workspace = (role: WorkspaceRole): Workspace => ({
      id: 'w1',
      name: 'Team',
      role,
      ownerId: owner!,
      seats: { limit: 5, used: 3 },
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    memberships.set(owner!, [workspace('owner')]);
    memberships.set(admin!, [workspace('admin')]);
    memberships.set(member!, [workspace('member')]);
    // The workspace's owner pays: an admin on no plan of their own may still make its tokens.
    plan = 'null';
    plans.set(owner!, 'enterprise');

    const make = (userId: string) =>
      createToken(deps)({ userId, name: 'Team CI', scopes: ['books:read'], workspaceId: 'w1' });
    expect(await statusOf(make(member!))).toBe(403);
    expect(await statusOf(make(stranger!))).toBe(404);
    const made = await make(admin!);
    expect(made.workspaceId).toBe('w1');
    expect(await statusOf(createToken(deps)({ userId: admin!, name: 'mine', scopes: ['books:read'] }))).toBe(402);

    const resolve = resolveToken(deps);
    expect(await resolve({ token: made.token, ip: '::1' })).toMatchObject({ userId: admin, workspaceId: 'w1' });
    const listed = async (userId: string) => (await listTokens(deps)({ userId })).tokens.map((token) => token.id);
    expect(await listed(owner!)).toEqual([made.id]);
    expect(await listed(member!)).toEqual([]);
    expect((await listTokens(deps)({ userId: owner! })).tokens[0]?.createdBy.id).toBe(admin);

    // The owner's plan lapsing stops it (402); the maker made a plain member, it stops working (401).
    plans.set(owner!, 'professional');
    expect(await statusOf(resolve({ token: made.token, ip: '::1' }))).toBe(402);
    plans.set(owner!, 'enterprise');
    memberships.set(admin!, [workspace('member')]);
    expect(await statusOf(resolve({ token: made.token, ip: '::1' }))).toBe(401);

    // Any admin revokes it, a member cannot; the revocation names who did it.
    expect(await statusOf(revokeToken(deps)({ userId: member!, tokenId: made.id }))).toBe(404);
    await revokeToken(deps)({ userId: owner!, tokenId: made.id });
    expect(await listed(owner!)).toEqual([]);
    const revoked = (await activity()).find((event) => event.action === 'revoked');
    expect(revoked).toMatchObject({ tokenId: made.id, userId: admin, workspaceId: 'w1', actorId: owner });
  });
});

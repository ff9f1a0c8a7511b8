import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { type IdentityClaims } from '@bookwright/contracts/http';
import { hashToken } from '@bookwright/kit';
import { openUserHandlerWorld, type UserHandlerWorld } from '../testing/handler-world';
import { hashPassword } from '../domain/passwords';
import { usersRepository } from '../repositories/users.repository';
import type { UserHandlerDeps } from './deps';
import { identitySignIn } from './sign-in-identity';
import { login } from './login';
import { openSession } from '../domain/open-session';

const issuer = 'https://id.example.com';

describe('identity-provider sign-in', () => {
  let world: UserHandlerWorld;
  let database: UserHandlerWorld['database'];
  let deps: UserHandlerDeps;
  beforeEach(async () => {
    world = await openUserHandlerWorld({ mailer: { send: async () => {}, close: async () => {} } });
    ({ database, deps } = world);
  });
  afterEach(() => world.close());

  const claims = (overrides: Partial<IdentityClaims> = {}): IdentityClaims => ({
    issuer,
    subject: `sub-${randomBytes(4).toString('hex')}`,
    email: `mary.${randomBytes(4).toString('hex')}@example.com`,
    emailVerified: true,
    firstName: 'Mary Ann',
    lastName: 'Shelley',
    ...overrides,
  });
  const passwordAccount = async (email: string) =>
    usersRepository.insert(database.db, {
      id: `u-${randomBytes(4).toString('hex')}`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      userName: 'adalovelace',
      passwordHash: await hashPassword('analytical-engine-1843'),
    });
  const linksOf = (userId: string) =>
    database.db.selectFrom('identity_links').selectAll().where('user_id', '=', userId).execute();

  it('opens an account without a password on the first sign-in, and the same one afterwards', async () => {
    const identity = claims();
    const first = await identitySignIn(deps)({ claims: identity });
    expect(first).toMatchObject({
      outcome: 'signed-in',
      created: true,
      user: { email: identity.email, firstName: 'Mary Ann', lastName: 'Shelley', userName: 'maryannshelley' },
    });
    if (first.outcome !== 'signed-in') throw new Error('unreachable');
    const row = await usersRepository.findById(database.db, first.user._id);
    expect(row?.password_hash).toBeNull();
    const outbox = database.db as unknown as Kysely<{ outbox: { event_name: string } }>;
    const registered = await outbox.selectFrom('outbox').select('event_name').execute();
    expect(registered.map((r) => r.event_name)).toEqual([events.userRegistered.name]);

    // The provider identity decides from now on, even when the email there changes.
    const again = await identitySignIn(deps)({
      claims: { ...identity, email: 'new@example.com', emailVerified: false },
    });
    expect(again).toMatchObject({ outcome: 'signed-in', created: false, user: { _id: first.user._id } });

    // Having no password, the account cannot be signed in to with one.
    await expect(login(deps)({ email: identity.email, password: '' })).rejects.toMatchObject({ status: 401 });
  });

  it('links a verified email to the existing account', async () => {
    const existing = await passwordAccount(`ada.${randomBytes(4).toString('hex')}@example.com`);
    const identity = claims({ email: existing!.email.toUpperCase() });
    const result = await identitySignIn(deps)({ claims: identity });
    expect(result).toMatchObject({ outcome: 'signed-in', created: false, user: { _id: existing!.id } });
    expect(await linksOf(existing!.id)).toMatchObject([{ issuer, subject: identity.subject }]);
    // The password keeps working beside the provider.
    const row = await usersRepository.findById(database.db, existing!.id);
    expect(row?.password_hash).toBe(existing!.password_hash);
  });

  it('never lets an unverified email take an existing account over', async () => {
    const existing = await passwordAccount(`ada.${randomBytes(4).toString('hex')}@example.com`);
    const result = await identitySignIn(deps)({ claims: claims({ email: existing!.email, emailVerified: false }) });
    expect(result).toEqual({ outcome: 'refused', reason: 'oidc_unverified_email' });
    expect(await linksOf(existing!.id)).toEqual([]);
    const sessions = await database.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toEqual([]);
  });

  it('opens no account for an unverified email either', async () => {
    const identity = claims({ emailVerified: false });
    expect(await identitySignIn(deps)({ claims: identity })).toEqual({
      outcome: 'refused',
      reason: 'oidc_unverified_email',
    });
    expect(await usersRepository.findByEmail(database.db, identity.email)).toBeUndefined();
  });

  it("revokes the browser's previous session when the new one opens", async () => {
    const identity = claims();
    const first = await identitySignIn(deps)({ claims: identity });
    if (first.outcome !== 'signed-in') throw new Error('unreachable');
    const other = await openSession(database.db, first.user._id, new Date());
    const second = await identitySignIn(deps)({ claims: identity, replacesToken: first.session.token });
    if (second.outcome !== 'signed-in') throw new Error('unreachable');
    const revokedAt = async (token: string) =>
      (
        await database.db
          .selectFrom('sessions')
          .select('revoked_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).revoked_at;
    expect(await revokedAt(first.session.token)).not.toBeNull();
    expect(await revokedAt(second.session.token)).toBeNull();
    expect(await revokedAt(other.token)).toBeNull();
  });
});

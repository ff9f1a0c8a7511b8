import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, apiMessages, loginMessages, signUpMessages } from '@bookwright/contracts/http';
import { newAccount } from '@bookwright/contracts/testing';
import { openUserHandlerWorld, type UserHandlerWorld } from '../testing/handler-world';
import type { UserHandlerDeps } from './deps';
import { login } from './login';
import { logout } from './logout';
import { resolveSession } from './resolve-session';
import { signUp } from './sign-up';

/** The user service's session handlers against a real, migrated database (PGlite, or PostgreSQL in CI). */
let world: UserHandlerWorld;
let deps: UserHandlerDeps;

beforeEach(async () => {
  world = await openUserHandlerWorld();
  deps = world.deps;
});
afterEach(() => world.close());

const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof AppError ? error.status : 500),
  );

describe('sessions', () => {
  it('login opens a session that resolves to its user, and logout revokes it', async () => {
    const account = newAccount();
    const { user } = await signUp(deps)(account);
    const { session } = await login(deps)({ email: account.email, password: account.password });
    expect(await resolveSession(deps)({ token: session.token })).toMatchObject({ userId: user._id });
    await logout(deps)({ token: session.token });
    await expect(resolveSession(deps)({ token: session.token })).rejects.toMatchObject({
      status: 401,
      message: apiMessages.unauthenticated,
    });
  });

  it('login replaces the session the browser had: the old token stops working', async () => {
    const account = newAccount();
    const first = await signUp(deps)(account);
    const second = await login(deps)({
      email: account.email,
      password: account.password,
      replacesToken: first.session.token,
    });
    expect(second.session.token).not.toBe(first.session.token);
    expect(await statusOf(resolveSession(deps)({ token: first.session.token }))).toBe(401);
    expect(await statusOf(resolveSession(deps)({ token: second.session.token }))).toBe(200);
  });

  it("a failed login leaves the browser's session alone", async () => {
    const account = newAccount();
    const { session } = await signUp(deps)(account);
    await expect(
      login(deps)({ email: account.email, password: 'not-the-password', replacesToken: session.token }),
    ).rejects.toMatchObject({ status: 401, message: loginMessages.invalidCredentials });
    expect(await statusOf(resolveSession(deps)({ token: session.token }))).toBe(200);
  });

  it('sign-up replaces the session the browser had, too', async () => {
    const first = await signUp(deps)(newAccount());
    const second = await signUp(deps)({ ...newAccount(), replacesToken: first.session.token });
    expect(await statusOf(resolveSession(deps)({ token: first.session.token }))).toBe(401);
    expect(await statusOf(resolveSession(deps)({ token: second.session.token }))).toBe(200);
  });

  it('refuses a second account for the same email, and an unknown token', async () => {
    const account = newAccount();
    await signUp(deps)(account);
    await expect(signUp(deps)(account)).rejects.toMatchObject({ status: 409, message: signUpMessages.duplicate });
    expect(await statusOf(resolveSession(deps)({ token: 'no-such-token' }))).toBe(401);
    // Logging out an unknown token is not an error.
    await expect(logout(deps)({ token: 'no-such-token' })).resolves.toEqual({});
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviderMessages } from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { mockProviderName, startMockIdentityProvider, type MockIdentityProvider } from '../support/identity-provider';

const unique = () => randomBytes(4).toString('hex');
const location = (res: { headers: Headers }) => res.headers.get('location') ?? '';

describe('without an identity provider configured', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('offers none, and its routes answer 404 with a message', async () => {
    const client = system.client();
    expect((await client.get('/api/v1/auth/providers')).body).toEqual({ data: { oidc: null } });
    for (const path of ['/api/v1/auth/oidc/login?accountType=starter', '/api/v1/auth/oidc/callback?code=x&state=y']) {
      const res = await client.get(path);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: { msg: identityProviderMessages.notConfigured },
      });
    }
  });
});

describe('sign-in with an identity provider', () => {
  let provider: MockIdentityProvider;
  let system: TestSystem;
  beforeAll(async () => {
    provider = await startMockIdentityProvider();
    system = await startTestSystem(provider.env);
  });
  afterAll(async () => {
    await system?.stop();
    await provider?.stop();
  });

  /** The browser's part: our login route, then the provider, which sends it back with a code. */
  async function toCallback(client: HttpClient, query = ''): Promise<string> {
    const start = await client.get(`/api/v1/auth/oidc/login${query}`);
    expect(start.status).toBe(303);
    const atProvider = await fetch(location(start), { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = new URL(location(atProvider));
    expect(callback.pathname).toBe('/api/v1/auth/oidc/callback');
    return `${callback.pathname}${callback.search}`;
  }
  const verifiedIdentity = (email = `grace.${unique()}@example.com`) => ({
    sub: `sub-${unique()}`,
    email,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  });

  it('names the provider for the buttons', async () => {
    expect((await system.client().get('/api/v1/auth/providers')).body).toEqual({
      data: { oidc: { name: mockProviderName } },
    });
  });

  it('redirects to the provider with PKCE, state and nonce, keeping the attempt in an HttpOnly cookie', async () => {
    const res = await system.client().get('/api/v1/auth/oidc/login');
    expect(res.status).toBe(303);
    const url = new URL(location(res));
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.env.OIDC_CLIENT_ID,
      code_challenge_method: 'S256',
      // PUBLIC_URL is not set here: it defaults to http://localhost:<PORT>, the system's own port.
      redirect_uri: `http://localhost:${new URL(system.url).port}/api/v1/auth/oidc/callback`,
      scope: 'openid email profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^.{20,}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oidc_attempt='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth\/oidc/i);
    // The PKCE verifier and nonce are sealed, not readable in the cookie.
    expect(cookie).not.toContain(url.searchParams.get('nonce'));
  });

  it('opens an account on the first sign-in and sends it to choose a plan', async () => {
    const client = system.client();
    const identity = verifiedIdentity();
    provider.signInAs(identity);
    const res = await client.get(await toCallback(client));
    expect({ status: res.status, location: location(res) }).toEqual({ status: 303, location: '/choose-plan' });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/HttpOnly/i);
    const me = await client.get('/api/v1/user/current-user');
    expect(me.body).toMatchObject({
      email: identity.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      userName: 'gracehopper',
      accountType: 'null',
    });
    expect(client.cookies.has('oidc_attempt')).toBe(false);
  });

  it('carries the plan from the signup page into checkout', async () => {
    const client = system.client();
    provider.signInAs(verifiedIdentity());
    const res = await client.get(await toCallback(client, '?accountType=starter'));
    expect(location(res)).toBe('/choose-plan?checkout=starter');
  });

  it('goes back to the invitation it was started from, to accept it, and drops a token that is not one', async () => {
    const client = system.client();
    provider.signInAs(verifiedIdentity());
    const res = await client.get(await toCallback(client, '?invite=Abc_123-xyz'));
    expect(location(res)).toBe('/invite/Abc_123-xyz?accept=1');
    const other = system.client();
    provider.signInAs(verifiedIdentity());
    expect(location(await other.get(await toCallback(other, '?invite=../../evil')))).toBe('/choose-plan');
  });

  it('links a verified email to the existing account, which has a plan, and goes to the app', async () => {
    const client = system.client();
    const account = newAccount();
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
    const before = await client.get<{ _id: string }>('/api/v1/user/current-user');

    const browser = system.client();
    provider.signInAs(verifiedIdentity(account.email.toUpperCase()));
    const res = await browser.get(await toCallback(browser));
    expect(location(res)).toBe('/app');
    const me = await browser.get('/api/v1/user/current-user');
    expect(me.body).toMatchObject({ _id: before.body._id, accountType: 'starter' });
    // The password still works too.
    expect((await system.client().post('/api/v1/auth/login', account)).status).toBe(200);
  });

  it('never lets an unverified email take an existing account over', async () => {
    const account = newAccount();
    expect((await system.client().post('/api/v1/auth/sign-up', account)).status).toBe(201);
    const attacker = system.client();
    provider.signInAs({ ...verifiedIdentity(account.email), email_verified: false });
    const res = await attacker.get(await toCallback(attacker));
    expect(location(res)).toBe('/login?error=oidc_unverified_email');
    expect(attacker.cookies.has('sid')).toBe(false);
    expect((await attacker.get('/api/v1/user/current-user')).status).toBe(401);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const client = system.client();
    provider.signInAs(verifiedIdentity());
    const callback = new URL(await toCallback(client), system.url);
    callback.searchParams.set('state', 'forged-state-value');
    const res = await client.get(`${callback.pathname}${callback.search}`);
    expect(location(res)).toBe('/login?error=oidc_state');
    expect(client.cookies.has('sid')).toBe(false);

    // Another browser's callback (no attempt cookie at all) fails too.
    const other = system.client();
    const stolen = await toCallback(other);
    const res2 = await system.client().get(stolen);
    expect(location(res2)).toBe('/login?error=oidc_expired');
  });

  it('refuses a replayed code, even with the attempt cookie copied', async () => {
    const client = system.client();
    provider.signInAs(verifiedIdentity());
    const callback = await toCallback(client);
    const attemptCookie = client.cookies.get('oidc_attempt') ?? '';
    expect((await client.get(callback)).headers.get('location')).toBe('/choose-plan');

    // The same browser again: the attempt is used up.
    expect(location(await client.get(callback))).toBe('/login?error=oidc_expired');
    // An attacker who copied the cookie: the provider redeems a code only once.
    const replay = system.client();
    replay.cookies.set('oidc_attempt', attemptCookie);
    const res = await replay.get(callback);
    expect(location(res)).toBe('/login?error=oidc_rejected');
    expect(replay.cookies.has('sid')).toBe(false);
  });

  it('says so when the user cancels at the provider', async () => {
    const client = system.client();
    provider.denyNext();
    const res = await client.get(await toCallback(client));
    expect(location(res)).toBe('/login?error=oidc_denied');
  });

  it("revokes the browser's previous session when signing in again", async () => {
    const client = system.client();
    const account = newAccount();
    await client.post('/api/v1/auth/sign-up', account);
    const oldSid = client.cookies.get('sid');
    provider.signInAs(verifiedIdentity(account.email));
    await client.get(await toCallback(client));
    expect(client.cookies.get('sid')).not.toBe(oldSid);
    const stale = system.client();
    stale.cookies.set('sid', oldSid ?? '');
    expect((await stale.get('/api/v1/user/current-user')).status).toBe(401);
  });

  // Last: the provider stays down afterwards.
  it('ends on a clear error when the provider is down', async () => {
    const client = system.client();
    provider.signInAs(verifiedIdentity());
    const callback = await toCallback(client);
    await provider.stop();
    const res = await client.get(callback);
    expect(location(res)).toBe('/login?error=oidc_unavailable');
    expect(client.cookies.has('sid')).toBe(false);
  });
});

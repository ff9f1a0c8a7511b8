import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  changePasswordMessages,
  loginMessages,
  passwordMessages,
  passwordResetMessages,
  signUpMessages,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const cookieHeader = (headers: Headers, name: string) => headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

describe('sign-up', () => {
  it('creates an account, signs it in and derives the userName', async () => {
    const client = system.client();
    const account = newAccount({ firstName: 'Mary Ann', lastName: 'Shelley' });
    const res = await client.post<{ msg: string; user: Record<string, unknown> }>('/api/v1/auth/sign-up', account);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Shelley',
      email: account.email,
      userName: 'maryannshelley',
      accountType: 'null',
      admin: false,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const sid = cookieHeader(res.headers, 'sid');
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(sid).not.toMatch(/Secure/i); // plain-http localhost
    const me = await client.get('/api/v1/user/current-user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: account.email, accountType: 'null', booksLeftThisMonth: 0 });
  });

  it('accepts form-encoded fields', async () => {
    const account = newAccount();
    const res = await system.client().request('POST', '/api/v1/auth/sign-up', { form: account });
    expect(res.status).toBe(201);
  });

  it('checks the fields in order with clear messages', async () => {
    const client = system.client();
    const cases: [Record<string, unknown>, string][] = [
      [{}, signUpMessages.firstName],
      [{ ...newAccount(), firstName: '   ' }, signUpMessages.firstName],
      [{ ...newAccount(), lastName: '' }, signUpMessages.lastName],
      [{ ...newAccount(), email: 'not-an-email' }, signUpMessages.email],
      [{ ...newAccount(), password: '' }, passwordMessages.required],
      [{ ...newAccount(), password: 'short1' }, passwordMessages.tooShort],
      [{ ...newAccount(), password: 'x'.repeat(257) }, passwordMessages.tooLong],
      [{ ...newAccount(), password: 'iloveyou' }, passwordMessages.tooCommon],
      [{ ...newAccount(), password: 'password123' }, passwordMessages.tooCommon],
    ];
    for (const [body, msg] of cases) {
      const res = await client.post('/api/v1/auth/sign-up', body);
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
    }
  });

  it('accepts a long passphrase well above 64 characters', async () => {
    const res = await system
      .client()
      .post('/api/v1/auth/sign-up', newAccount({ password: 'correct horse battery staple '.repeat(6) }));
    expect(res.status).toBe(201);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const account = newAccount();
    expect((await system.client().post('/api/v1/auth/sign-up', account)).status).toBe(201);
    const again = await system
      .client()
      .post('/api/v1/auth/sign-up', { ...account, email: account.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(signUpMessages.duplicate);
  });

  it('answers a missing or broken body with 400, not 500', async () => {
    const client = system.client();
    await client.get('/api/v1/health/live');
    const xsrf = client.cookies.get('XSRF-TOKEN')!;
    const cookie = `XSRF-TOKEN=${xsrf}`;
    const broken = await fetch(`${system.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie },
      body: '{"firstName":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ msg: 'The request body is not valid JSON' });
    const empty = await fetch(`${system.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'x-xsrf-token': xsrf, cookie },
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { msg: string }).msg).toBe('The request body is missing or malformed');
  });
});

describe('login, sessions and logout', () => {
  it('gives one message for a wrong password and for an unknown email', async () => {
    const account = newAccount();
    await system.client().post('/api/v1/auth/sign-up', account);
    const wrong = await system
      .client()
      .post('/api/v1/auth/login', { email: account.email, password: 'not-the-password-1' });
    const unknown = await system
      .client()
      .post('/api/v1/auth/login', { email: `nobody.${account.email}`, password: account.password });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ msg: loginMessages.invalidCredentials });
    expect(unknown.body).toEqual({ msg: loginMessages.invalidCredentials });
  });

  it('opens a new session on each login and revokes it on logout', async () => {
    const account = newAccount();
    const first = system.client();
    await first.post('/api/v1/auth/sign-up', account);
    const firstSid = first.cookies.get('sid');

    const second = system.client();
    const login = await second.request('POST', '/api/v1/auth/login', {
      form: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(login.status).toBe(200);
    expect(second.cookies.get('sid')).toBeDefined();
    expect(second.cookies.get('sid')).not.toBe(firstSid);

    const stolen = second.cookies.get('sid')!;
    // Signed-in requests first, so the gateway holds the session in its cache when it is revoked.
    expect((await second.get('/api/v1/user/current-user')).status).toBe(200);
    expect((await second.get('/api/v1/book')).status).toBe(200);
    const logout = await second.get('/api/v1/auth/logout');
    expect(logout.status).toBe(200);
    expect(second.cookies.has('sid')).toBe(false);
    expect((await second.get('/api/v1/user/current-user')).status).toBe(401);

    // The revoked token stays dead even when replayed (the cookie jar dropped it; a thief keeps it).
    const replay = system.client();
    replay.cookies.set('sid', stolen);
    expect((await replay.get('/api/v1/user/current-user')).status).toBe(401);
    expect((await replay.get('/api/v1/book')).status).toBe(401);
    // The other session is untouched.
    expect((await first.get('/api/v1/user/current-user')).status).toBe(200);
  });

  it('refuses the session a second login in the same browser replaced, even while it was cached', async () => {
    const account = newAccount();
    const browser = system.client();
    await browser.post('/api/v1/auth/sign-up', account);
    const old = browser.cookies.get('sid')!;
    expect((await browser.get('/api/v1/book')).status).toBe(200);
    const again = await browser.post('/api/v1/auth/login', { email: account.email, password: account.password });
    expect(again.status).toBe(200);
    expect(browser.cookies.get('sid')).not.toBe(old);
    expect((await browser.get('/api/v1/book')).status).toBe(200);
    const replay = system.client();
    replay.cookies.set('sid', old);
    expect((await replay.get('/api/v1/book')).status).toBe(401);
  });

  it('answers 401 without a session and with a forged one', async () => {
    const anonymous = await system.client().get('/api/v1/user/current-user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ msg: apiMessages.unauthenticated });
    const forged = system.client();
    forged.cookies.set('sid', 'A'.repeat(43));
    expect((await forged.get('/api/v1/user/current-user')).status).toBe(401);
  });
});

describe('CSRF double submit', () => {
  it('sets a readable XSRF-TOKEN cookie on any GET, including health', async () => {
    const res = await fetch(`${system.url}/api/v1/health`);
    const cookie = cookieHeader(res.headers, 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('rejects a mutating request without the header or with a wrong one', async () => {
    const client = system.client();
    const missing = await client.post(
      '/api/v1/auth/login',
      { email: 'a@b.co', password: 'whatever-123' },
      { csrf: false },
    );
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ msg: apiMessages.csrf });
    const wrong = await client.post(
      '/api/v1/auth/login',
      { email: 'a@b.co', password: 'whatever-123' },
      { csrf: false, headers: { 'x-xsrf-token': 'forged' } },
    );
    expect(wrong.status).toBe(403);
  });
});

describe('password change', () => {
  it('checks the current password and the confirmation, then revokes other sessions', async () => {
    const account = newAccount();
    const me = system.client();
    await me.post('/api/v1/auth/sign-up', account);
    const other = system.client();
    await other.post('/api/v1/auth/login', { email: account.email, password: account.password });
    // Both sessions in use, so the gateway has cached them when the change revokes one.
    expect((await me.get('/api/v1/book')).status).toBe(200);
    expect((await other.get('/api/v1/book')).status).toBe(200);

    const wrong = await me.patch('/api/v1/user/password', {
      password: 'nope-nope-nope',
      newPassword: 'a-new-secret-42',
      confirmPassword: 'a-new-secret-42',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(changePasswordMessages.wrongCurrent);
    const mismatch = await me.patch('/api/v1/user/password', {
      password: account.password,
      newPassword: 'a-new-secret-42',
      confirmPassword: 'a-new-secret-43',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe(changePasswordMessages.mismatch);
    const anonymous = await system.client().patch('/api/v1/user/password', {
      password: account.password,
      newPassword: 'a-new-secret-42',
      confirmPassword: 'a-new-secret-42',
    });
    expect(anonymous.status).toBe(401);

    const ok = await me.patch('/api/v1/user/password', {
      password: account.password,
      newPassword: 'a-new-secret-42',
      confirmPassword: 'a-new-secret-42',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toBe(changePasswordMessages.success);
    expect((await me.get('/api/v1/user/current-user')).status).toBe(200);
    expect((await other.get('/api/v1/user/current-user')).status).toBe(401);
    expect((await other.get('/api/v1/book')).status).toBe(401);
    expect((await me.get('/api/v1/book')).status).toBe(200);
    expect(
      (await system.client().post('/api/v1/auth/login', { email: account.email, password: account.password })).status,
    ).toBe(401);
    expect(
      (await system.client().post('/api/v1/auth/login', { email: account.email, password: 'a-new-secret-42' })).status,
    ).toBe(200);
  });
});

describe('password recovery', () => {
  it('answers the same for known and unknown emails, and mails a single-use link', async () => {
    const account = newAccount();
    const signedIn = system.client();
    await signedIn.post('/api/v1/auth/sign-up', account);
    expect((await signedIn.get('/api/v1/book')).status).toBe(200);

    const unknown = await system.client().post('/api/v1/user/forgot-password', { email: `ghost.${account.email}` });
    const known = await system.client().post('/api/v1/user/forgot-password', { email: account.email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.msg).toBe(passwordResetMessages.linkSent);

    const mail = await system.lastMailTo(account.email);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    // PUBLIC_URL is unset: the link points at the port the app really runs on.
    expect(mail.text).toContain(`${system.url}/reset-password/`);
    expect(token).toBeDefined();

    const weak = await system.client().post('/api/v1/user/reset-password', { token, newPassword: 'short' });
    expect(weak.body.msg).toBe(passwordMessages.tooShort);
    const reset = await system
      .client()
      .post('/api/v1/user/reset-password', { token, newPassword: 'brand-new-phrase-7' });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe(passwordResetMessages.success);
    // Every earlier session is gone; the new password works.
    expect((await signedIn.get('/api/v1/user/current-user')).status).toBe(401);
    expect((await signedIn.get('/api/v1/book')).status).toBe(401);
    expect(
      (await system.client().post('/api/v1/auth/login', { email: account.email, password: 'brand-new-phrase-7' }))
        .status,
    ).toBe(200);

    const reused = await system
      .client()
      .post('/api/v1/user/reset-password', { token, newPassword: 'another-phrase-8' });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe(passwordResetMessages.tokenUsed);
    const bogus = await system
      .client()
      .post('/api/v1/user/reset-password', { token: 'made-up-token', newPassword: 'another-phrase-8' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.msg).toBe(passwordResetMessages.tokenUnknown);
  });

  it('only the newest link works', async () => {
    const account = newAccount();
    await system.client().post('/api/v1/auth/sign-up', account);
    await system.client().post('/api/v1/user/forgot-password', { email: account.email });
    const firstToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((await system.lastMailTo(account.email)).text)?.[1];
    await new Promise((r) => setTimeout(r, 20));
    await system.client().post('/api/v1/user/forgot-password', { email: account.email });
    let secondToken = firstToken;
    for (let i = 0; i < 50 && secondToken === firstToken; i += 1) {
      secondToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((await system.lastMailTo(account.email)).text)?.[1];
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(secondToken).not.toBe(firstToken);
    expect(
      (
        await system
          .client()
          .post('/api/v1/user/reset-password', { token: firstToken, newPassword: 'stale-link-phrase-1' })
      ).status,
    ).toBe(400);
    expect(
      (
        await system
          .client()
          .post('/api/v1/user/reset-password', { token: secondToken, newPassword: 'fresh-link-phrase-2' })
      ).status,
    ).toBe(200);
  });

  it('rejects an address without an at sign with the spec text', async () => {
    const res = await system.client().post('/api/v1/user/forgot-password', { email: 'nobody' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Please enter a valid email address');
  });
});

describe('the edge', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await system.client().get('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: apiMessages.notFound });
  });

  it('reports readiness of every service and serves OpenAPI docs', async () => {
    const health = await system.client().get('/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', checks: { user: 'ok' }, llm: 'offline' });
    // The operator's side of the app's demo banner: that no model writes, and how to configure one.
    expect(health.body).toMatchObject({ llmSetup: expect.stringContaining('OPENAI_API_KEY') });
    const spec = await system.client().get<{ paths: Record<string, unknown> }>('/api/v1/docs/json');
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/sign-up', '/api/v1/user/current-user']),
    );
  });

  it('sends security headers and a request id', async () => {
    const res = await system.client().get('/api/v1/health/live');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never writes passwords or session tokens to the logs', async () => {
    const account = newAccount();
    const client = system.client();
    await client.post('/api/v1/auth/sign-up', account);
    await client.post('/api/v1/auth/login', { email: account.email, password: account.password });
    const text = JSON.stringify(system.logs);
    expect(system.logs.length).toBeGreaterThan(0);
    expect(text).not.toContain(account.password);
    expect(text).not.toContain(client.cookies.get('sid'));
    expect(system.logs.every((line) => typeof line.service === 'string')).toBe(true);
  });
});

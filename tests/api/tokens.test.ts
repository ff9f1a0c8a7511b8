import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  apiTokenMessages,
  errorScreens,
  missingScope,
  type ApiTokenList,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

/**
 * Small, so the limit test reaches it; every other test uses a token fewer times than this. The lapse test's
 * waits ask with one token until the plan's change arrives: at most about 20 requests in their 30 s, which
 * under a loaded run's slow delivery used up a limit of 16, and the token came back 429 instead of 200.
 */
const perTokenLimit = 64;

// Personal API tokens (issue 45) over HTTP: Enterprise only, shown once, stored only as a keyed hash, used
// as a Bearer token without cookie or XSRF header, narrowed by scopes, refused on the session's own routes,
// dead when revoked or when the plan lapses, and limited per token.
describe('API tokens', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    // A resolved token is held far longer than any test: what must take effect at once is told by events.
    system = await startTestSystem({ API_TOKEN_RATE_LIMIT: String(perTokenLimit), API_TOKEN_CACHE_TTL_MS: '600000' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  function adminEnv() {
    return {
      DATA_DIR: system.dataDir,
      DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    };
  }

  async function setPlan(email: string, plan: 'starter' | 'enterprise') {
    const done = await runAdmin(['set-plan', email, plan], adminEnv(), silentLogger());
    expect(done.exitCode, done.output).toBe(0);
  }

  async function person(plan?: 'professional' | 'enterprise') {
    const client = system.client();
    const account = newAccount({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
    if (plan === 'enterprise') await setPlan(account.email, 'enterprise');
    else if (plan) await client.post('/api/v1/payment', { accountType: plan, currency: 'eur' });
    return { client, email: account.email };
  }

  async function tokenOf(client: HttpClient, scopes: ApiTokenScope[], extra: Record<string, unknown> = {}) {
    const created = await client.post<CreatedApiToken>('/api/v1/tokens', { name: 'CI', scopes, ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  /** A client with no cookies at all: only the token speaks for it. */
  function bearer(token: string, method: string, path: string, json?: unknown) {
    return system.client().request(method, path, {
      headers: { authorization: `Bearer ${token}` },
      csrf: false,
      ...(json === undefined ? {} : { json }),
    });
  }

  it('is made on Enterprise only: other plans get the spec’s 402', async () => {
    const pro = await person('professional');
    const refused = await pro.client.post('/api/v1/tokens', { name: 'CI', scopes: ['books:read'] });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ msg: errorScreens[402].description });
    expect((await pro.client.get<ApiTokenList>('/api/v1/tokens')).body).toEqual({ tokens: [] });
  });

  it('is shown once, listed without its secret, and mailed about to its owner', async () => {
    const owner = await person('enterprise');
    const created = await tokenOf(owner.client, ['books:read', 'comments:write'], { expiresInDays: 30 });
    expect(created.token).toMatch(/^bw_pat_[0-9A-Za-z]{36}$/);
    expect(created).toMatchObject({ prefix: 'bw_pat_', lastFour: created.token.slice(-4), lastUsedAt: null });
    expect(new Date(created.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const listed = await owner.client.get<ApiTokenList>('/api/v1/tokens');
    expect(listed.status).toBe(200);
    const { token, ...withoutSecret } = created;
    expect(listed.body.tokens).toEqual([withoutSecret]);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(7, 20));

    const mail = await system.lastMailTo(owner.email);
    expect(mail.text).toContain(`ending in ${created.lastFour}`);
    expect(mail.text).not.toContain(token);
    expect(JSON.stringify(system.logs)).not.toContain(token);
  });

  it('refuses bad creations with a 400 that says why', async () => {
    const owner = await person('enterprise');
    for (const body of [
      { name: '', scopes: ['books:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['books:read'], expiresInDays: 0 },
    ]) {
      const refused = await owner.client.post('/api/v1/tokens', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof refused.body.msg).toBe('string');
    }
  });

  it('works as a Bearer token with no cookie and no XSRF header, and notes its last use', async () => {
    const owner = await person('enterprise');
    const { token, id } = await tokenOf(owner.client, ['books:read', 'books:write']);
    const me = await bearer(token, 'GET', '/api/v1/user/current-user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(owner.email);
    const library = await bearer(token, 'GET', '/api/v1/book');
    expect(library.status).toBe(200);
    // A program is handed no XSRF cookie: it has no browser to echo it, and needs none.
    expect(library.headers.get('set-cookie')).toBeNull();
    const hooks = await tokenOf(owner.client, ['webhooks:write']);
    expect((await bearer(hooks.token, 'GET', '/api/v1/webhooks')).status).toBe(200);
    // A write passes the XSRF check and the scope, and reaches the book service: no such book.
    const deleted = await bearer(token, 'DELETE', '/api/v1/book/no-such-book');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(404);

    const listed = (await owner.client.get<ApiTokenList>('/api/v1/tokens')).body.tokens.find((t) => t.id === id);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(listed?.lastUsedFrom).toBeTruthy();
  });

  it('answers 403 naming the scope a token lacks', async () => {
    const owner = await person('enterprise');
    const { token } = await tokenOf(owner.client, ['books:read']);
    const cases: [string, string, ApiTokenScope][] = [
      ['PATCH', '/api/v1/book/some-book', 'books:write'],
      ['POST', '/api/v1/book/export/some-book', 'exports:write'],
      ['POST', '/api/v1/book/some-book/comments', 'comments:write'],
      ['GET', '/api/v1/webhooks', 'webhooks:write'],
    ];
    for (const [method, path, scope] of cases) {
      const refused = await bearer(token, method, path, method === 'GET' ? undefined : {});
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({ msg: missingScope(scope) });
    }
  });

  it('is refused on the routes of the session itself, with a 403 that says so', async () => {
    const owner = await person('enterprise');
    const { token } = await tokenOf(owner.client, ['books:read', 'books:write']);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/v1/auth/logout', {}],
      ['POST', '/api/v1/auth/login', { email: owner.email, password: 'x' }],
      ['POST', '/api/v1/auth/sign-up', newAccount()],
      ['PATCH', '/api/v1/user/password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/v1/tokens', { name: 'more', scopes: ['books:read'] }],
    ];
    for (const [method, path, json] of cases) {
      const refused = await bearer(token, method, path, json);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({ msg: apiTokenMessages.sessionOnly });
    }
    // The token still works, and the session was not touched.
    expect((await bearer(token, 'GET', '/api/v1/book')).status).toBe(200);
    expect((await owner.client.get('/api/v1/user/current-user')).status).toBe(200);
  });

  it('answers 401 when revoked, unknown or malformed, the same for all', async () => {
    const owner = await person('enterprise');
    const { token, id } = await tokenOf(owner.client, ['books:read']);
    expect((await bearer(token, 'GET', '/api/v1/book')).status).toBe(200);
    const revoked = await owner.client.request('DELETE', `/api/v1/tokens/${id}`);
    expect(revoked.status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/v1/tokens/${id}`)).status).toBe(404);
    expect((await owner.client.get<ApiTokenList>('/api/v1/tokens')).body.tokens).toEqual([]);

    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    for (const presented of [token, flipped, 'bw_pat_short', 'not-a-token']) {
      const refused = await bearer(presented, 'GET', '/api/v1/book');
      expect(refused.status, presented).toBe(401);
      expect(refused.body).toEqual({ msg: apiTokenMessages.invalid });
    }
  });

  it('cannot be revoked by someone else, who is told it does not exist', async () => {
    const owner = await person('enterprise');
    const other = await person('enterprise');
    const { token, id } = await tokenOf(owner.client, ['books:read']);
    expect((await other.client.request('DELETE', `/api/v1/tokens/${id}`)).status).toBe(404);
    expect((await bearer(token, 'GET', '/api/v1/book')).status).toBe(200);
  });

  it('stops working when the plan lapses (402), and works again when it comes back', async () => {
    const owner = await person('enterprise');
    const { token } = await tokenOf(owner.client, ['books:read']);
    expect((await bearer(token, 'GET', '/api/v1/book')).status).toBe(200);
    await setPlan(owner.email, 'starter');
    // The gateway held the token resolved: the plan's change reaches it as an event.
    const polling = { timeout: 30_000, intervals: [200, 500, 1000, 2000] };
    await expect.poll(async () => (await bearer(token, 'GET', '/api/v1/book')).status, polling).toBe(402);
    const lapsed = await bearer(token, 'GET', '/api/v1/book');
    expect(lapsed.status).toBe(402);
    expect(lapsed.body).toEqual({ msg: errorScreens[402].description });
    expect((await owner.client.get<ApiTokenList>('/api/v1/tokens')).body.tokens).toHaveLength(1);
    await setPlan(owner.email, 'enterprise');
    await expect.poll(async () => (await bearer(token, 'GET', '/api/v1/book')).status, polling).toBe(200);
    // Three runs of the admin command and two waits of up to 30 s each: the file's 30 s per test cut it short
    // on a loaded machine (a full CI run) before either wait had run out.
  }, 120_000);

  it('is rate limited per token, with Retry-After and RateLimit headers; two tokens count apart', async () => {
    const owner = await person('enterprise');
    const first = await tokenOf(owner.client, ['books:read']);
    const second = await tokenOf(owner.client, ['books:read']);
    for (let i = 1; i <= perTokenLimit; i++) {
      const answer = await bearer(first.token, 'GET', '/api/v1/book');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe(String(perTokenLimit));
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(perTokenLimit - i));
    }
    const limited = await bearer(first.token, 'GET', '/api/v1/book');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ msg: apiMessages.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect((await bearer(second.token, 'GET', '/api/v1/book')).status).toBe(200);
  });
});

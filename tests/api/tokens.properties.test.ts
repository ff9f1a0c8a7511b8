import { afterAll, beforeAll, describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import {
  apiTokenMessages,
  apiTokenScopes,
  missingScope,
  type ApiTokenScope,
  type Book,
  type CreatedApiToken,
} from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { keeperOfLetters } from '../support/books';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

/*
 * API tokens (issue 45) as a property: a token of any set of scopes, live, revoked, expired, a stranger's
 * (another Enterprise account) or the owner's workspace token (the book is outside that workspace), on any
 * operation of an owner's book, of the account or of the session, answers as specified: the session's routes
 * 403 whatever the token; a dead token 401; a missing scope 403 naming it; neither a stranger nor the
 * workspace's token reads or changes the book; never a 5xx; and no answer carries a token's secret or, to
 * them, the book.
 */

const runs = Number(process.env.PROPERTY_RUNS ?? 25);
const dayMs = 24 * 60 * 60 * 1000;

type Operation = {
  method: string;
  path: (bookId: string) => string;
  body?: unknown;
  policy: ApiTokenScope | 'session';
};

const operations: Operation[] = [
  { method: 'GET', path: (id) => `/api/v1/book/${id}`, policy: 'books:read' },
  { method: 'GET', path: (id) => `/api/v1/book/${id}/comments`, policy: 'books:read' },
  { method: 'GET', path: (id) => `/api/v1/book/${id}/revisions`, policy: 'books:read' },
  { method: 'GET', path: () => '/api/v1/user/current-user', policy: 'books:read' },
  {
    method: 'PATCH',
    path: (id) => `/api/v1/book/metadata/${id}`,
    body: { subtitle: 'Changed by a token' },
    policy: 'books:write',
  },
  { method: 'DELETE', path: (id) => `/api/v1/book/${id}/permanent`, policy: 'books:write' },
  {
    method: 'POST',
    path: (id) => `/api/v1/book/${id}/validate-export`,
    body: { format: 'epub' },
    policy: 'exports:write',
  },
  { method: 'POST', path: (id) => `/api/v1/book/${id}/comments`, body: { body: 'Hi' }, policy: 'comments:write' },
  { method: 'DELETE', path: (id) => `/api/v1/book/${id}/comments/no-such-comment`, policy: 'comments:write' },
  { method: 'POST', path: () => '/api/v1/auth/logout', body: {}, policy: 'session' },
  {
    method: 'PATCH',
    path: () => '/api/v1/user/password',
    body: { currentPassword: 'a', newPassword: 'b' },
    policy: 'session',
  },
  { method: 'POST', path: () => '/api/v1/tokens', body: { name: 'more', scopes: ['books:read'] }, policy: 'session' },
  { method: 'GET', path: () => '/api/v1/tokens', policy: 'session' },
  { method: 'GET', path: () => '/api/v1/user/export', policy: 'session' },
  {
    method: 'POST',
    path: (id) => `/api/v1/book/${id}/members`,
    body: { email: 'x@example.com', role: 'viewer' },
    policy: 'session',
  },
];

/** The owner's personal token, a stranger's, or a token of the owner's workspace (the book is not in it). */
type Holder = 'owner' | 'stranger' | 'workspace';
type State = 'live' | 'revoked' | 'expired';

describe('API tokens, as a property', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  let clock = Date.now();
  let owner: { client: HttpClient; email: string };
  let stranger: { client: HttpClient; email: string };
  let book: Book;
  let workspaceId: string;
  /** Tokens made before the clock moved two days on: expired since. */
  const expired = new Map<Holder, CreatedApiToken>();
  const secrets: string[] = [];

  beforeAll(async () => {
    system = await startTestSystem({ API_TOKEN_RATE_LIMIT: '100000' }, { now: () => new Date(clock) });
    owner = await enterprisePerson();
    stranger = await enterprisePerson();
    const created = await owner.client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    book = created.body;
    workspaceId = (await owner.client.post<{ id: string }>('/api/v1/workspaces', { name: 'Imprint' })).body.id;
    for (const holder of ['owner', 'stranger', 'workspace'] as const)
      expired.set(holder, await tokenOf(holder, [...apiTokenScopes], { expiresInDays: 1 }));
    clock += 2 * dayMs;
  });
  afterAll(async () => {
    await system?.stop();
  });

  async function enterprisePerson() {
    const client = system.client();
    const account = newAccount({ firstName: 'Ida', lastName: 'Rhodes' });
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
    const done = await runAdmin(
      ['set-plan', account.email, 'enterprise'],
      {
        DATA_DIR: system.dataDir,
        DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
      silentLogger(),
    );
    expect(done.exitCode, done.output).toBe(0);
    return { client, email: account.email };
  }

  async function tokenOf(holder: Holder, scopes: ApiTokenScope[], extra: Record<string, unknown> = {}) {
    const client = holder === 'stranger' ? stranger.client : owner.client;
    const created = await client.post<CreatedApiToken>('/api/v1/tokens', {
      name: 'property',
      scopes,
      ...(holder === 'workspace' ? { workspaceId } : {}),
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    secrets.push(created.body.token);
    return created.body;
  }

  async function tokenIn(holder: Holder, state: State, scopes: ApiTokenScope[]): Promise<string> {
    if (state === 'expired') return expired.get(holder)!.token;
    const made = await tokenOf(holder, scopes);
    if (state === 'revoked') {
      const client = holder === 'stranger' ? stranger.client : owner.client;
      expect((await client.request('DELETE', `/api/v1/tokens/${made.id}`)).status).toBe(200);
    }
    return made.token;
  }

  it.prop(
    [
      fc.subarray([...apiTokenScopes], { minLength: 1 }),
      fc.constantFrom<Holder>('owner', 'stranger', 'workspace'),
      fc.constantFrom<State>('live', 'revoked', 'expired'),
      fc.constantFrom(...operations),
      fc.boolean(),
    ],
    { numRuns: runs },
  )(
    'answers every token as specified, never 5xx, never leaking',
    async (scopes, holder, state, operation, withCookie) => {
      const token = await tokenIn(holder, state, scopes);
      // A browser's cookie sent along changes nothing: the token alone speaks.
      const client = withCookie ? (holder === 'owner' ? stranger.client : owner.client) : system.client();
      const answer = await client.request(operation.method, operation.path(book._id), {
        headers: { authorization: `Bearer ${token}` },
        csrf: false,
        ...(operation.body === undefined ? {} : { json: operation.body }),
      });
      const what = `${holder} ${state} [${scopes.join(' ')}] ${operation.method} ${operation.path(book._id)}`;
      const text = JSON.stringify(answer.body);

      expect(answer.status, what).toBeLessThan(500);
      for (const secret of secrets) expect(text, what).not.toContain(secret.slice(7));

      if (operation.policy === 'session') {
        expect(answer.status, what).toBe(403);
        expect(answer.body, what).toEqual({ msg: apiTokenMessages.sessionOnly });
      } else if (state !== 'live') {
        expect(answer.status, what).toBe(401);
        expect(answer.body, what).toEqual({ msg: apiTokenMessages.invalid });
      } else if (!scopes.includes(operation.policy)) {
        expect(answer.status, what).toBe(403);
        expect(answer.body, what).toEqual({ msg: missingScope(operation.policy) });
      } else if (holder !== 'owner' && operation.path(book._id).includes(book._id)) {
        // A stranger's token, or the owner's workspace token on a book outside the workspace: as if no book.
        expect([400, 403, 404], what).toContain(answer.status);
        expect(text, what).not.toContain(book.title);
      } else {
        expect([401, 402], what).not.toContain(answer.status);
        expect(text, what).not.toContain(missingScope(operation.policy));
      }
      if (operation.path(book._id) === '/api/v1/user/current-user' && answer.status === 200)
        expect((answer.body as { email?: string }).email, what).toBe(
          holder === 'stranger' ? stranger.email : owner.email,
        );
    },
  );

  it('leaves the owner’s book in place: no stranger’s token deleted it', async () => {
    expect((await owner.client.get<Book>(`/api/v1/book/${book._id}`)).status).toBe(200);
  });
});

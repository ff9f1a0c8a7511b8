import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  apiTokenMessages,
  type ApiTokenList,
  type AuditLog,
  type Book,
  type BookSummary,
  type CreatedApiToken,
  type Workspace,
} from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { keeperOfLetters } from '../support/books';
import { openEventStream } from '../support/event-stream';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

// Workspace API tokens (issue 45) over HTTP, in both modes: made by the workspace's admins, they reach that
// workspace's books only — not the maker's own books, whatever the route — and the workspace's audit log
// records them; their event stream follows the workspace's books and ends when the token is revoked.
describe('workspace API tokens', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  let owner: HttpClient;
  let workspace: Workspace;
  let personalBook: Book;
  let workspaceBook: Book;
  let made: CreatedApiToken;

  beforeAll(async () => {
    system = await startTestSystem({});
    owner = system.client();
    const account = newAccount({ firstName: 'Katherine', lastName: 'Johnson' });
    expect((await owner.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
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
    workspace = (await owner.post<Workspace>('/api/v1/workspaces', { name: 'Imprint' })).body;
    personalBook = (await owner.post<Book>('/api/v1/agent/plan', keeperOfLetters)).body;
    workspaceBook = (await owner.post<Book>('/api/v1/agent/plan', { ...keeperOfLetters, workspaceId: workspace.id }))
      .body;
    const created = await owner.post<CreatedApiToken>('/api/v1/tokens', {
      name: 'Imprint pipeline',
      scopes: ['books:read', 'books:write', 'exports:write', 'comments:write', 'webhooks:write'],
      workspaceId: workspace.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    made = created.body;
  });
  afterAll(async () => {
    await system?.stop();
  });

  const bearer = <T = unknown>(method: string, path: string, json?: unknown) =>
    system.client().request<T>(method, path, {
      headers: { authorization: `Bearer ${made.token}` },
      csrf: false,
      ...(json === undefined ? {} : { json }),
    });

  it('is listed as the workspace’s, with its maker', async () => {
    const { tokens } = (await owner.get<ApiTokenList>('/api/v1/tokens')).body;
    expect(tokens.find((token) => token.id === made.id)).toMatchObject({
      workspaceId: workspace.id,
      createdBy: { name: 'Katherine Johnson' },
    });
    expect(
      (await owner.post('/api/v1/tokens', { name: 'x', scopes: ['books:read'], workspaceId: 'no-such' })).status,
    ).toBe(404);
  });

  it('reaches the workspace’s books and nothing else of its maker’s', async () => {
    const library = await bearer<BookSummary[]>('GET', '/api/v1/book');
    expect(library.status).toBe(200);
    expect(library.body.map((book) => book._id)).toEqual([workspaceBook._id]);
    expect((await bearer('GET', `/api/v1/book/${workspaceBook._id}`)).status).toBe(200);
    for (const [method, path, json] of [
      ['GET', `/api/v1/book/${personalBook._id}`],
      ['GET', `/api/v1/book/${personalBook._id}/revisions`],
      ['POST', `/api/v1/book/${personalBook._id}/retry`],
      ['DELETE', `/api/v1/book/${personalBook._id}`],
      ['POST', `/api/v1/book/export/${personalBook._id}`, { format: 'epub' }],
      ['GET', `/api/v1/book/${personalBook._id}/comments`],
    ] as const) {
      const answer = await bearer<{ msg: string }>(method, path, json);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.msg).toBe(apiMessages.notFound);
    }
    const workspaces = (await bearer<{ workspaces: Workspace[] }>('GET', '/api/v1/workspaces')).body.workspaces;
    expect(workspaces.map((item) => item.id)).toEqual([workspace.id]);
    expect((await bearer('GET', `/api/v1/workspaces/other/members`)).status).toBe(404);
    // The personal book is untouched.
    expect((await owner.get<Book>(`/api/v1/book/${personalBook._id}`)).body.title).toBe(personalBook.title);
  });

  it('creates in its workspace, and refuses a body naming another', async () => {
    const created = await bearer<Book>('POST', '/api/v1/agent/plan', keeperOfLetters);
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    expect(created.body.workspaceId).toBe(workspace.id);
    const elsewhere = await bearer<{ msg: string }>('POST', '/api/v1/agent/plan', {
      ...keeperOfLetters,
      workspaceId: 'another',
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.msg).toBe(apiTokenMessages.outsideWorkspace);
  });

  it('hears of the workspace’s books on its stream, not of the maker’s own, and is cut off when revoked', async () => {
    const stream = await openEventStream(system.url, system.client(), { bearer: made.token });
    const own = (await owner.post<Book>('/api/v1/agent/plan', keeperOfLetters)).body;
    const shared = (await owner.post<Book>('/api/v1/agent/plan', { ...keeperOfLetters, workspaceId: workspace.id }))
      .body;
    await stream.waitFor((events) => events.some((event) => event.data['bookId'] === shared._id));
    expect(stream.events.some((event) => event.data['bookId'] === own._id)).toBe(false);

    // The audit log has the token's making and its first use from an address.
    const audit = async () =>
      (await owner.get<AuditLog>(`/api/v1/workspaces/${workspace.id}/audit`)).body.entries.filter((entry) =>
        entry.action.startsWith('api-token.'),
      );
    await expect
      .poll(async () => (await audit()).map((entry) => entry.action).sort(), { timeout: 30_000 })
      .toEqual(['api-token.created', 'api-token.used-from-new-address']);

    expect((await owner.request('DELETE', `/api/v1/tokens/${made.id}`)).status).toBe(200);
    await stream.ended;
    expect((await bearer('GET', '/api/v1/book')).status).toBe(401);
    await expect
      .poll(async () => (await audit()).find((entry) => entry.action === 'api-token.revoked')?.token?.name, {
        timeout: 30_000,
      })
      .toBe('Imprint pipeline');
  });
});

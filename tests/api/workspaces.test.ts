import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages } from '@bookwright/contracts/bus';
import {
  seatLimitReached,
  workspaceMessages,
  type AcceptedInvitation,
  type AuditLog,
  type Book,
  type BookSummary,
  type InvitationView,
  type Workspace,
  type WorkspaceMembers,
} from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { keeperOfLetters, waitForStatus } from '../support/books';

// Team workspaces (issue 43) over HTTP: an Enterprise owner, admins and members, seats that invitations
// take, books created in and moved into a workspace, the audit log, and removal on the next request.
describe('team workspaces', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  async function person(plan?: 'starter' | 'professional' | 'enterprise') {
    const client = system.client();
    const account = newAccount({ firstName: 'Ada', lastName: 'Byron' });
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
    if (plan === 'enterprise') {
      const done = await runAdmin(['set-plan', account.email, 'enterprise'], adminEnv(), silentLogger());
      expect(done.exitCode, done.output).toBe(0);
    } else if (plan) await client.post('/api/v1/payment', { accountType: plan, currency: 'eur' });
    const me = await client.get<{ _id: string }>('/api/v1/user/current-user');
    return { client, email: account.email, id: me.body._id, password: account.password };
  }

  /** `npm run admin` against this system's databases. */
  function adminEnv() {
    return {
      DATA_DIR: system.dataDir,
      DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    };
  }

  async function mailedToken(email: string): Promise<string> {
    const mail = await system.lastMailTo(email);
    const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  }

  async function workspaceOf(owner: HttpClient, name = 'Lighthouse Press') {
    const created = await owner.post<Workspace>('/api/v1/workspaces', { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  async function join(admin: HttpClient, workspaceId: string, role: 'admin' | 'member') {
    const invitee = await person();
    const invited = await admin.post(`/api/v1/workspaces/${workspaceId}/members`, { email: invitee.email, role });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = await mailedToken(invitee.email);
    const accepted = await invitee.client.post<AcceptedInvitation>(`/api/v1/invitations/${token}/accept`);
    expect(accepted.body).toEqual({ kind: 'workspace', workspaceId, role });
    return invitee;
  }

  it('is created by an Enterprise account only, one each, with its creator as owner', async () => {
    const pro = await person('professional');
    const refused = await pro.client.post('/api/v1/workspaces', { name: 'Press' });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ msg: workspaceMessages.needsEnterprise });

    const owner = await person('enterprise');
    expect((await owner.client.post('/api/v1/workspaces', { name: '  ' })).status).toBe(400);
    const workspace = await workspaceOf(owner.client);
    expect(workspace).toMatchObject({
      name: 'Lighthouse Press',
      role: 'owner',
      ownerId: owner.id,
      seats: { used: 1, limit: 5 },
    });
    expect((await owner.client.post('/api/v1/workspaces', { name: 'Second' })).status).toBe(409);
    const listed = await owner.client.get<{ workspaces: Workspace[] }>('/api/v1/workspaces');
    expect(listed.body.workspaces.map((w) => w.id)).toEqual([workspace.id]);
    expect((await pro.client.get<{ workspaces: Workspace[] }>('/api/v1/workspaces')).body.workspaces).toEqual([]);

    // In local payment mode an operator sets the seats: `npm run admin -- set-seats <workspace> N`.
    expect(await runAdmin(['set-seats', workspace.id, '0'], adminEnv(), silentLogger())).toEqual({
      exitCode: 2,
      output: workspaceMessages.seats,
    });
    expect(await runAdmin(['set-seats', workspace.id, '2'], adminEnv(), silentLogger())).toEqual({
      exitCode: 0,
      output: 'Lighthouse Press has 2 seats now',
    });
    const first = await owner.client.post(`/api/v1/workspaces/${workspace.id}/members`, {
      email: `first-${workspace.id}@example.com`,
      role: 'member',
    });
    expect(first.status).toBe(201);
    const second = await owner.client.post(`/api/v1/workspaces/${workspace.id}/members`, {
      email: `second-${workspace.id}@example.com`,
      role: 'member',
    });
    expect(second.body).toEqual({ msg: seatLimitReached(2) });
    expect(second.status).toBe(402);
  });

  it('invites by mail; invitations take seats, and one past the limit is 402 naming it', async () => {
    const owner = await person('enterprise');
    const workspace = await workspaceOf(owner.client);
    const member = await join(owner.client, workspace.id, 'member');
    const page = await system.lastMailTo(member.email);
    expect(page.text).toContain('team workspace “Lighthouse Press”');
    const token = await mailedToken(member.email);
    const view = await system.client().get<InvitationView>(`/api/v1/invitations/${token}`);
    expect(view.body).toMatchObject({
      kind: 'workspace',
      workspaceId: workspace.id,
      title: 'Lighthouse Press',
      status: 'accepted',
    });

    // 2 members + 3 pending = 5 seats.
    for (const n of [1, 2, 3]) {
      const answer = await owner.client.post(`/api/v1/workspaces/${workspace.id}/members`, {
        email: `pending-${n}-${workspace.id}@example.com`,
        role: 'member',
      });
      expect(answer.status).toBe(201);
    }
    const full = await owner.client.post(`/api/v1/workspaces/${workspace.id}/members`, {
      email: `one-too-many-${workspace.id}@example.com`,
      role: 'member',
    });
    expect(full.status).toBe(402);
    expect(full.body).toEqual({ msg: seatLimitReached(5) });
    // A member may not invite; more seats let the admin go on.
    const byMember = await member.client.post(`/api/v1/workspaces/${workspace.id}/members`, {
      email: `x-${workspace.id}@example.com`,
      role: 'member',
    });
    expect(byMember.status).toBe(403);
    const preview = await owner.client.get(`/api/v1/workspaces/${workspace.id}/seats/preview?seats=6`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(
      (await owner.client.request('PUT', `/api/v1/workspaces/${workspace.id}/seats`, { json: { seats: 1 } })).status,
    ).toBe(409);
    const more = await owner.client.request<Workspace>('PUT', `/api/v1/workspaces/${workspace.id}/seats`, {
      json: { seats: 6 },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.seats).toEqual({ used: 5, limit: 6 });
    expect(
      (
        await owner.client.post(`/api/v1/workspaces/${workspace.id}/members`, {
          email: `sixth-${workspace.id}@example.com`,
          role: 'admin',
        })
      ).status,
    ).toBe(201);
    const members = await owner.client.get<WorkspaceMembers>(`/api/v1/workspaces/${workspace.id}/members`);
    expect(members.body.members.map((m) => m.role)).toEqual(['owner', 'member']);
    expect(members.body.invitations).toHaveLength(4);
    // Members see the people but not the invitations.
    expect(
      (await member.client.get<WorkspaceMembers>(`/api/v1/workspaces/${workspace.id}/members`)).body.invitations,
    ).toEqual([]);
  });

  it("gives members the workspace's books as co-authors and admins as owners; a removed member is refused at once", async () => {
    const owner = await person('enterprise');
    const workspace = await workspaceOf(owner.client);
    const admin = await join(owner.client, workspace.id, 'admin');
    const member = await join(admin.client, workspace.id, 'member');
    const stranger = await person('professional');

    const created = await member.client.post<Book>('/api/v1/agent/plan', {
      ...keeperOfLetters,
      workspaceId: workspace.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ role: 'coauthor', workspaceId: workspace.id });
    const bookId = created.body._id;
    await waitForStatus(member.client, bookId, 'validation');

    expect((await admin.client.get<Book>(`/api/v1/book/${bookId}`)).body.role).toBe('owner');
    expect((await owner.client.get<Book>(`/api/v1/book/${bookId}`)).body.role).toBe('owner');
    expect((await stranger.client.get(`/api/v1/book/${bookId}`)).status).toBe(404);
    expect(
      (await stranger.client.post('/api/v1/agent/plan', { ...keeperOfLetters, workspaceId: workspace.id })).status,
    ).toBe(404);
    // A co-author may not trash the workspace's book; an admin may share it.
    expect((await member.client.request('DELETE', `/api/v1/book/${bookId}`)).status).toBe(403);
    const library = await member.client.get<BookSummary[] | { books: BookSummary[] }>('/api/v1/book');
    const books = Array.isArray(library.body) ? library.body : library.body.books;
    expect(books.find((b) => b._id === bookId)).toMatchObject({ workspaceId: workspace.id, role: 'coauthor' });

    // The pool is the owner's; each use is the member's who spent it.
    const spending = await admin.client.get<WorkspaceMembers>(`/api/v1/workspaces/${workspace.id}/members`);
    expect(spending.body.members.find((m) => m.id === member.id)?.spentThisMonth).toEqual({
      book: 1,
      cover: 0,
      translation: 0,
    });
    expect(spending.body.members.find((m) => m.id === owner.id)?.spentThisMonth?.book).toBe(0);
    const seen = await member.client.get<WorkspaceMembers>(`/api/v1/workspaces/${workspace.id}/members`);
    expect(seen.body.members.every((m) => m.spentThisMonth === undefined)).toBe(true);

    // The owner can neither leave nor be demoted.
    expect(
      (await admin.client.patch(`/api/v1/workspaces/${workspace.id}/members/${owner.id}`, { role: 'member' })).status,
    ).toBe(409);
    expect(
      (await owner.client.request('DELETE', `/api/v1/workspaces/${workspace.id}/members/${owner.id}`)).status,
    ).toBe(409);
    // Members cannot remove others or read the audit log.
    expect(
      (await member.client.request('DELETE', `/api/v1/workspaces/${workspace.id}/members/${admin.id}`)).status,
    ).toBe(403);
    expect((await member.client.get(`/api/v1/workspaces/${workspace.id}/audit`)).status).toBe(403);

    const removed = await admin.client.request('DELETE', `/api/v1/workspaces/${workspace.id}/members/${member.id}`);
    expect(removed.status).toBe(200);
    expect((await member.client.get(`/api/v1/book/${bookId}`)).status).toBe(404);
    expect((await member.client.get(`/api/v1/workspaces/${workspace.id}/members`)).status).toBe(404);

    const audit = await admin.client.get<AuditLog>(`/api/v1/workspaces/${workspace.id}/audit`);
    expect(audit.status).toBe(200);
    const actions = audit.body.entries.map((entry) => entry.action);
    expect(actions).toEqual([
      'member.removed',
      'book.created',
      'member.joined',
      'member.invited',
      'member.joined',
      'member.invited',
      'workspace.created',
    ]);
    expect(audit.body.entries[0]).toMatchObject({ actor: { id: admin.id }, subject: { id: member.id } });
    expect(audit.body.entries[1]).toMatchObject({ actor: { id: member.id }, book: { id: bookId } });
  });

  it("moves an owner's book into a workspace they belong to, and no other", async () => {
    const owner = await person('enterprise');
    const workspace = await workspaceOf(owner.client);
    const member = await join(owner.client, workspace.id, 'member');
    await member.client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
    const created = await member.client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    const bookId = created.body._id;
    await waitForStatus(member.client, bookId, 'validation');

    const outsider = await person('enterprise');
    const elsewhere = await workspaceOf(outsider.client, 'Elsewhere');
    expect((await member.client.post(`/api/v1/book/${bookId}/move`, { workspaceId: elsewhere.id })).status).toBe(403);
    expect((await owner.client.post(`/api/v1/book/${bookId}/move`, { workspaceId: workspace.id })).status).toBe(404);

    const moved = await member.client.post<BookSummary>(`/api/v1/book/${bookId}/move`, { workspaceId: workspace.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ workspaceId: workspace.id, role: 'coauthor' });
    expect((await owner.client.get<Book>(`/api/v1/book/${bookId}`)).body.role).toBe('owner');
    const audit = await owner.client.get<AuditLog>(`/api/v1/workspaces/${workspace.id}/audit`);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'book.moved-in',
      book: { id: bookId, title: keeperOfLetters.title },
    });
  });

  it("keeps a workspace's books with the workspace when its owner's account goes, and drops a deleted member", async () => {
    const owner = await person('enterprise');
    const workspace = await workspaceOf(owner.client);
    const member = await join(owner.client, workspace.id, 'member');
    const admin = await join(owner.client, workspace.id, 'admin');
    const created = await member.client.post<Book>('/api/v1/agent/plan', {
      ...keeperOfLetters,
      workspaceId: workspace.id,
    });
    expect(created.status).toBe(201);
    await waitForStatus(member.client, created.body._id, 'validation');

    const gone = await owner.client.request('DELETE', `/api/v1/user/${owner.id}`, {
      json: { password: owner.password },
    });
    expect(gone.status).toBe(200);
    // The longest-standing admin owns the workspace and its book now; the member still works on it.
    await expect
      .poll(async () => (await admin.client.get<{ workspaces: Workspace[] }>('/api/v1/workspaces')).body.workspaces)
      .toEqual([
        expect.objectContaining({ id: workspace.id, role: 'owner', ownerId: admin.id, seats: { used: 2, limit: 5 } }),
      ]);
    expect((await member.client.get<Book>(`/api/v1/book/${created.body._id}`)).body).toMatchObject({
      role: 'coauthor',
    });
    expect((await admin.client.get<Book>(`/api/v1/book/${created.body._id}`)).body).toMatchObject({ role: 'owner' });

    const left = await member.client.request('DELETE', `/api/v1/user/${member.id}`, {
      json: { password: member.password },
    });
    expect(left.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await admin.client.get<WorkspaceMembers>(`/api/v1/workspaces/${workspace.id}/members`)).body.members,
      )
      .toEqual([expect.objectContaining({ id: admin.id, role: 'owner' })]);
    // The list drops a deleted account at once (its name is gone); the book service writes its leaving when it
    // takes user.deleted off the bus, which under load comes a moment later.
    await expect
      .poll(async () => {
        const audit = await admin.client.get<AuditLog>(`/api/v1/workspaces/${workspace.id}/audit`);
        return audit.body.entries.slice(0, 3).map((entry) => entry.action);
      })
      .toEqual(['member.left', 'member.left', 'member.role-changed']);
  });

  it("logs a workspace book's trash, restore and deletion", async () => {
    const owner = await person('enterprise');
    const workspace = await workspaceOf(owner.client);
    const created = await owner.client.post<Book>('/api/v1/agent/plan', {
      ...keeperOfLetters,
      workspaceId: workspace.id,
    });
    const bookId = created.body._id;
    await waitForStatus(owner.client, bookId, 'validation');
    expect((await owner.client.request('DELETE', `/api/v1/book/${bookId}`)).status).toBe(200);
    expect((await owner.client.post(`/api/v1/book/${bookId}/restore`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/v1/book/${bookId}`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/v1/book/${bookId}/permanent`)).status).toBe(200);
    const audit = await owner.client.get<AuditLog>(`/api/v1/workspaces/${workspace.id}/audit`);
    expect(audit.body.entries.map((entry) => entry.action)).toEqual([
      'book.deleted',
      'book.trashed',
      'book.restored',
      'book.trashed',
      'book.created',
      'workspace.created',
    ]);
  });

  it("never overdraws the workspace's pool: 20 members creating at once against 5 books left get 5", async () => {
    const owner = await person('enterprise');
    const workspace = await workspaceOf(owner.client);
    const seats = await owner.client.request('PUT', `/api/v1/workspaces/${workspace.id}/seats`, {
      json: { seats: 21 },
    });
    expect(seats.status).toBe(200);
    const members = [];
    for (let n = 0; n < 20; n += 1) members.push(await join(owner.client, workspace.id, 'member'));
    // The owner's plan now has a finite pool (Starter: 10 books a month), half of it spent by the owner.
    const email = (await owner.client.get<{ email: string }>('/api/v1/user/current-user')).body.email;
    expect((await runAdmin(['set-plan', email, 'starter'], adminEnv(), silentLogger())).exitCode).toBe(0);
    for (let n = 0; n < 5; n += 1)
      expect(
        (await owner.client.post('/api/v1/agent/plan', { ...keeperOfLetters, workspaceId: workspace.id })).status,
      ).toBe(201);

    const answers = await Promise.all(
      members.map((member) =>
        member.client.post<Book | { msg: string }>('/api/v1/agent/plan', {
          ...keeperOfLetters,
          workspaceId: workspace.id,
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual(
      Array.from({ length: 15 }, () => [403, { msg: allowanceExhaustedMessages.book }]),
    );
    // Each unit is the member's who spent it.
    const spending = await owner.client.get<WorkspaceMembers>(`/api/v1/workspaces/${workspace.id}/members`);
    const spent = spending.body.members.map((m) => [m.role, m.spentThisMonth?.book ?? 0] as const);
    expect(spent.filter(([role]) => role === 'owner')).toEqual([['owner', 5]]);
    expect(spent.filter(([role, books]) => role === 'member' && books === 1)).toHaveLength(5);
    expect(spent.reduce((sum, [, books]) => sum + books, 0)).toBe(10);
  });
});

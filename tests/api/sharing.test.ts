import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  errorScreens,
  invitationLifetimeMs,
  refusalMessage,
  sharingMessages,
  wrongInvitee,
  type AcceptedInvitation,
  type Book,
  type BookMembers,
  type BookSummary,
  type CreatedInvitation,
  type InvitationView,
  type SharedRole,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook, oneParagraph } from '../support/books';
import { openEventStream } from '../support/event-stream';

// Sharing a book (issue 43) over HTTP: invitations by mail, single-use and bound to an email, roles the
// book service enforces on every route, and removal that takes effect on the next request. The services'
// clock is the test's, so a week passes without waiting.
describe('sharing a book', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  let clockOffsetMs = 0;
  beforeAll(async () => {
    system = await startTestSystem({}, { now: () => new Date(Date.now() + clockOffsetMs) });
  });
  afterAll(async () => {
    clockOffsetMs = 0;
    await system?.stop();
  });

  /** A signed-up account (no plan unless asked) and its email. */
  async function person(plan?: 'starter' | 'professional') {
    const client = system.client();
    const account = newAccount({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
    if (plan) await client.post('/api/v1/payment', { accountType: plan, currency: 'eur' });
    return { client, email: account.email, password: account.password };
  }

  /** The token of the link mailed to `email` (the newest invitation mail). */
  async function mailedToken(email: string): Promise<string> {
    const mail = await system.lastMailTo(email);
    const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  }

  async function invite(owner: HttpClient, bookId: string, email: string, role: SharedRole) {
    const answer = await owner.post<CreatedInvitation>(`/api/v1/book/${bookId}/members`, { email, role });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  async function share(owner: HttpClient, bookId: string, role: SharedRole) {
    const invitee = await person();
    await invite(owner, bookId, invitee.email, role);
    const token = await mailedToken(invitee.email);
    const accepted = await invitee.client.post<AcceptedInvitation>(`/api/v1/invitations/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const me = await invitee.client.get<{ _id: string }>('/api/v1/user/current-user');
    return { ...invitee, id: me.body._id, token };
  }

  it('mails an invitation that names the inviter and the book, and joins the invitee with the role', async () => {
    const { client: owner, book } = await readyBook(system);
    const invitee = await person();
    const created = await invite(owner, book._id, `  ${invitee.email.toUpperCase()} `, 'viewer');
    expect(created).toMatchObject({ email: invitee.email, role: 'viewer' });
    expect(created.link).toMatch(/^\/invite\/[A-Za-z0-9_-]{40,}$/);
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(invitationLifetimeMs);

    const mail = await system.lastMailTo(invitee.email);
    expect(mail.subject).toContain(book.title);
    expect(mail.text).toContain('as a viewer');
    const token = await mailedToken(invitee.email);
    // The owner is answered the link that was mailed (the database keeps only its hash).
    expect(created.link).toBe(`/invite/${token}`);

    const members = (await owner.get<BookMembers>(`/api/v1/book/${book._id}/members`)).body;
    expect(members.members.map((m) => m.role)).toEqual(['owner']);
    expect(members.invitations).toEqual([expect.objectContaining({ id: created.id, email: invitee.email })]);

    // The invitation page works signed out.
    const view = await system.client().get<InvitationView>(`/api/v1/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      kind: 'book',
      bookId: book._id,
      title: book.title,
      inviterName: 'Ada Lovelace',
      email: invitee.email,
      role: 'viewer',
      status: 'pending',
    });

    // The invitee has no plan: the plan belongs to whoever pays for the book.
    const accepted = await invitee.client.post<AcceptedInvitation>(`/api/v1/invitations/${token}/accept`);
    expect(accepted.body).toEqual({ kind: 'book', bookId: book._id, role: 'viewer' });
    const library = (await invitee.client.get<BookSummary[]>('/api/v1/book')).body;
    expect(library).toEqual([expect.objectContaining({ _id: book._id, role: 'viewer', ownerName: 'Ada Lovelace' })]);
    const opened = await invitee.client.get<Book>(`/api/v1/book/${book._id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.role).toBe('viewer');
    expect(opened.body.bookContent).toBe(book.bookContent);
    expect((await owner.get<Book>(`/api/v1/book/${book._id}`)).body.role).toBe('owner');

    const after = (await owner.get<BookMembers>(`/api/v1/book/${book._id}/members`)).body;
    expect(after.members.map((m) => [m.role, m.email])).toEqual([
      ['owner', expect.any(String)],
      ['viewer', invitee.email],
    ]);
    expect(after.invitations).toEqual([]);
    // Anyone on the book sees who is on it, but not the invitations.
    const seen = (await invitee.client.get<BookMembers>(`/api/v1/book/${book._id}/members`)).body;
    expect(seen.members).toHaveLength(2);
    expect(seen.invitations).toEqual([]);
  });

  it('enforces the role on every kind of change, and a new role takes effect on the next request', async () => {
    const { client: owner, book } = await readyBook(system);
    // GET /book/{id}'s live: nobody else on the book yet (issue 44).
    expect((await owner.get<Book>(`/api/v1/book/${book._id}`)).body.live).toBe(false);
    const member = await share(owner, book._id, 'viewer');
    // Shared: live for its owner at once (the gateway's held copy dropped on book.member.added), never kept
    // by the owner's browser either (its people change without a new version).
    const ownerCopy = await owner.get<Book>(`/api/v1/book/${book._id}`);
    expect(ownerCopy.body.live).toBe(true);
    expect(ownerCopy.headers.get('cache-control')).toBe('private, no-store');
    const save = () => member.client.patch(`/api/v1/book/content/${book._id}`, { bookContent: oneParagraph('Mine.') });

    expect(await save()).toMatchObject({ status: 403, body: { msg: "Viewers can't change the text" } });
    expect((await save()).body.msg).toBe(refusalMessage('viewer', 'edit'));
    const exported = await member.client.post(`/api/v1/book/export/${book._id}`, { format: 'epub' });
    expect(exported).toMatchObject({ status: 403, body: { msg: refusalMessage('viewer', 'export') } });
    const validation = await member.client.post(`/api/v1/book/${book._id}/validate-export`, { format: 'epub' });
    expect(validation).toMatchObject({ status: 403, body: { msg: refusalMessage('viewer', 'export') } });
    const trashed = await member.client.request('DELETE', `/api/v1/book/${book._id}`);
    expect(trashed).toMatchObject({ status: 403, body: { msg: refusalMessage('viewer', 'delete') } });
    const invited = await member.client.post(`/api/v1/book/${book._id}/members`, {
      email: 'someone@example.com',
      role: 'viewer',
    });
    expect(invited).toMatchObject({ status: 403, body: { msg: refusalMessage('viewer', 'share') } });
    expect((await member.client.get(`/api/v1/book/${book._id}/revisions`)).status).toBe(200);

    const changed = await owner.patch(`/api/v1/book/${book._id}/members/${member.id}`, { role: 'coauthor' });
    expect(changed).toMatchObject({ status: 200, body: { id: member.id, role: 'coauthor' } });
    // A member's book is never kept by the browser: the new role shows on the next open, no 304 of the old one.
    const reopened = await member.client.get<Book>(`/api/v1/book/${book._id}`);
    expect(reopened.body).toMatchObject({ role: 'coauthor', ownerName: 'Ada Lovelace', live: true });
    expect(reopened.headers.get('cache-control')).toBe('private, no-store');
    // The editor's autosave: minimal answer, If-Match of the version it opened (the payer's plan is asked
    // outside the save's transaction: on PGlite billing's answer needs the same connection).
    const autosaved = await member.client.patch(
      `/api/v1/book/content/${book._id}`,
      { bookContent: oneParagraph('Autosaved.') },
      { headers: { 'if-match': reopened.body.etag, prefer: 'return=minimal' } },
    );
    expect(autosaved.status, JSON.stringify(autosaved.body)).toBe(200);
    const saved = await save();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await owner.get<Book>(`/api/v1/book/${book._id}`)).body.bookContent).toContain('Mine.');
    // A co-author exports, but neither shares nor deletes.
    const validated = await member.client.post(`/api/v1/book/${book._id}/validate-export`, { format: 'epub' });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect((await member.client.request('DELETE', `/api/v1/book/${book._id}`)).status).toBe(403);
    expect(
      (await member.client.patch(`/api/v1/book/${book._id}/members/${member.id}`, { role: 'viewer' })).status,
    ).toBe(403);
  });

  it("refuses a removed member's next request and closes their live stream", async () => {
    const { client: owner, book } = await readyBook(system);
    const member = await share(owner, book._id, 'coauthor');
    const stream = await openEventStream(system.url, member.client);
    // Members get the book's events.
    await owner.patch(`/api/v1/book/content/${book._id}`, { bookContent: oneParagraph('Owner writes.') });
    await stream.waitFor((events) => events.some((e) => e.data.bookId === book._id && e.event === 'book.updated'));

    const removed = await owner.request('DELETE', `/api/v1/book/${book._id}/members/${member.id}`);
    expect(removed).toMatchObject({ status: 200, body: { msg: sharingMessages.removed } });
    expect(await member.client.get(`/api/v1/book/${book._id}`)).toMatchObject({
      status: 404,
      body: { msg: apiMessages.notFound },
    });
    expect((await member.client.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);
    await Promise.race([
      stream.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 5_000)),
    ]);
    stream.close();
    // A second stream carries nothing of the book any more.
    const again = await openEventStream(system.url, member.client);
    await owner.patch(`/api/v1/book/content/${book._id}`, { bookContent: oneParagraph('Owner writes again.') });
    const mark = await openEventStream(system.url, owner);
    await owner.patch(`/api/v1/book/content/${book._id}`, { bookContent: oneParagraph('And again.') });
    await mark.waitFor((events) => events.some((e) => e.event === 'book.updated'));
    expect(again.events.filter((e) => e.data.bookId === book._id)).toEqual([]);
    again.close();
    mark.close();
  });

  it('lets a member leave, but not the owner', async () => {
    const { client: owner, book } = await readyBook(system);
    const me = await owner.get<{ _id: string }>('/api/v1/user/current-user');
    const member = await share(owner, book._id, 'commenter');
    const left = await member.client.request('DELETE', `/api/v1/book/${book._id}/members/${member.id}`);
    expect(left).toMatchObject({ status: 200, body: { msg: sharingMessages.left } });
    expect((await member.client.get(`/api/v1/book/${book._id}`)).status).toBe(404);
    const ownerLeaves = await owner.request('DELETE', `/api/v1/book/${book._id}/members/${me.body._id}`);
    expect(ownerLeaves).toMatchObject({ status: 400, body: { msg: sharingMessages.ownerCannotLeave } });
  });

  describe('invitations', () => {
    it('are single-use: accepted once, then refused to anyone else', async () => {
      const { client: owner, book } = await readyBook(system);
      const member = await share(owner, book._id, 'editor');
      // The same person again (a double click): the same answer.
      const again = await member.client.post<AcceptedInvitation>(`/api/v1/invitations/${member.token}/accept`);
      expect(again).toMatchObject({ status: 200, body: { bookId: book._id, role: 'editor' } });
      const other = await person();
      const refused = await other.client.post(`/api/v1/invitations/${member.token}/accept`);
      expect(refused).toMatchObject({ status: 409, body: { msg: sharingMessages.invitationUsed } });
      expect((await other.client.get(`/api/v1/book/${book._id}`)).status).toBe(404);
    });

    it('are bound to the invited email: anyone else is told which email it was for', async () => {
      const { client: owner, book } = await readyBook(system);
      const invitee = await person();
      await invite(owner, book._id, invitee.email, 'coauthor');
      const token = await mailedToken(invitee.email);
      const intruder = await person();
      const refused = await intruder.client.post(`/api/v1/invitations/${token}/accept`);
      expect(refused).toMatchObject({ status: 403, body: { msg: wrongInvitee(invitee.email) } });
      expect((await intruder.client.get(`/api/v1/book/${book._id}`)).status).toBe(404);
      // Still pending for the right person.
      expect((await invitee.client.post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
    });

    it('expire after 7 days', async () => {
      const { client: owner, book } = await readyBook(system);
      const invitee = await person();
      await invite(owner, book._id, invitee.email, 'viewer');
      const token = await mailedToken(invitee.email);
      clockOffsetMs = invitationLifetimeMs + 60_000;
      try {
        expect((await invitee.client.get<InvitationView>(`/api/v1/invitations/${token}`)).body.status).toBe('expired');
        const late = await invitee.client.post(`/api/v1/invitations/${token}/accept`);
        expect(late).toMatchObject({ status: 410, body: { msg: sharingMessages.invitationExpired } });
        expect((await owner.get<BookMembers>(`/api/v1/book/${book._id}/members`)).body.invitations).toEqual([]);
      } finally {
        clockOffsetMs = 0;
      }
    });

    it('can be revoked, and then no link of theirs works', async () => {
      const { client: owner, book } = await readyBook(system);
      const invitee = await person();
      const created = await invite(owner, book._id, invitee.email, 'viewer');
      const token = await mailedToken(invitee.email);
      const copied = await owner.post<{ link: string }>(`/api/v1/book/${book._id}/invitations/${created.id}/link`);
      expect(copied.status).toBe(201);
      expect(copied.body.link).not.toBe(created.link);
      expect((await owner.request('DELETE', `/api/v1/book/${book._id}/invitations/${created.id}`)).status).toBe(200);
      for (const link of [token, created.link.split('/').pop()!, copied.body.link.split('/').pop()!]) {
        expect((await system.client().get(`/api/v1/invitations/${link}`)).status).toBe(404);
        const accepted = await invitee.client.post(`/api/v1/invitations/${link}/accept`);
        expect(accepted).toMatchObject({ status: 404, body: { msg: sharingMessages.invitationNotFound } });
      }
    });

    it('wait through sign-up: a new account with the invited email accepts the link', async () => {
      const { client: owner, book } = await readyBook(system);
      const account = newAccount();
      await invite(owner, book._id, account.email, 'coauthor');
      const token = await mailedToken(account.email);
      const newcomer = system.client();
      expect((await newcomer.get<InvitationView>(`/api/v1/invitations/${token}`)).body.status).toBe('pending');
      expect((await newcomer.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
      expect((await newcomer.post(`/api/v1/invitations/${token}/accept`)).status).toBe(200);
      const saved = await newcomer.patch(`/api/v1/book/content/${book._id}`, {
        bookContent: oneParagraph('New hands.'),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    });

    it('need a plan that shares: Starter answers 402 with the spec text', async () => {
      const { client: owner, book } = await readyBook(system, { plan: 'starter' });
      const refused = await owner.post(`/api/v1/book/${book._id}/members`, {
        email: 'friend@example.com',
        role: 'viewer',
      });
      expect(refused).toMatchObject({ status: 402, body: { msg: errorScreens[402].description } });
    });

    it('refuse bad input with a message', async () => {
      const { client: owner, book } = await readyBook(system);
      const bad = await owner.post(`/api/v1/book/${book._id}/members`, { email: 'not-an-email', role: 'viewer' });
      expect(bad).toMatchObject({ status: 400, body: { msg: sharingMessages.invalidEmail } });
      const role = await owner.post(`/api/v1/book/${book._id}/members`, { email: 'a@example.com', role: 'owner' });
      expect(role.status).toBe(400);
      expect((await system.client().get('/api/v1/invitations/nonsense')).status).toBe(404);
      const me = await owner.get<{ email: string }>('/api/v1/user/current-user');
      const self = await owner.post(`/api/v1/book/${book._id}/members`, { email: me.body.email, role: 'viewer' });
      expect(self).toMatchObject({ status: 400, body: { msg: sharingMessages.ownerIsMember } });
      const member = await share(owner, book._id, 'viewer');
      const twice = await owner.post(`/api/v1/book/${book._id}/members`, {
        email: member.email.toUpperCase(),
        role: 'coauthor',
      });
      expect(twice).toMatchObject({ status: 409, body: { msg: sharingMessages.alreadyMember } });
    });
  });

  it("tells the people on a book by mail when it goes with its owner's account, and drops a deleted member", async () => {
    const owner = await person('professional');
    const planned = await owner.client.post<Book>('/api/v1/agent/plan', {
      prompt: 'Two sisters run a bookshop on a ferry.',
      title: 'The Ferry Bookshop',
      language: 'english',
      targetAudience: 'Adults',
      genre: 'modern realism',
      size: 'short',
    });
    expect(planned.status).toBe(201);
    const stays = await share(owner.client, planned.body._id, 'coauthor');
    const leaves = await share(owner.client, planned.body._id, 'viewer');

    const me = await leaves.client.get<{ _id: string }>('/api/v1/user/current-user');
    const gone = await leaves.client.request('DELETE', `/api/v1/user/${me.body._id}`, {
      json: { password: leaves.password },
    });
    expect(gone.status).toBe(200);
    await expect
      .poll(async () => (await owner.client.get<BookMembers>(`/api/v1/book/${planned.body._id}/members`)).body.members)
      .toHaveLength(2);

    const ownerId = (await owner.client.get<{ _id: string }>('/api/v1/user/current-user')).body._id;
    const deleted = await owner.client.request('DELETE', `/api/v1/user/${ownerId}`, {
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    await expect
      .poll(async () => (await system.lastMailTo(stays.email).catch(() => undefined))?.subject)
      .toBe('“The Ferry Bookshop” is no longer shared with you');
    expect((await stays.client.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);
  });

  it('answers a stranger 404 on every sharing route', async () => {
    const { client: owner, book } = await readyBook(system);
    const member = await share(owner, book._id, 'viewer');
    const stranger = await person('professional');
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/v1/book/${book._id}/members`],
      ['POST', `/api/v1/book/${book._id}/members`, { email: 'x@example.com', role: 'viewer' }],
      ['PATCH', `/api/v1/book/${book._id}/members/${member.id}`, { role: 'coauthor' }],
      ['DELETE', `/api/v1/book/${book._id}/members/${member.id}`],
    ];
    for (const [method, path, body] of routes) {
      const answer = await stranger.client.request(method, path, body === undefined ? {} : { json: body });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { msg: apiMessages.notFound } });
    }
  });
});

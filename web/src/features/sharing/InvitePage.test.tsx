import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sharingMessages, wrongInvitee, type InvitationView } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();

const view: InvitationView = {
  kind: 'book',
  bookId: 'b1',
  title: 'The Keeper of Letters',
  inviterName: 'Grace Hopper',
  email: 'ada@example.com',
  role: 'editor',
  expiresAt: '2026-12-05T10:00:00.000Z',
  status: 'pending',
};
const book = makeBook({ _id: 'b1', title: 'The Keeper of Letters', status: 'ready', role: 'editor' });
const signedOut = () => ({ status: 401, body: { msg: 'Please sign in' } });

function open(
  path: string,
  routes: Record<string, (call: FakeCall) => { status: number; body?: unknown }> = {},
  invitation: InvitationView = view,
) {
  const calls = mockFetch({
    'GET /invitations/tok': () => ({ status: 200, body: invitation }),
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'POST /invitations/tok/accept': () => ({ status: 200, body: { kind: 'book', bookId: 'b1', role: 'editor' } }),
    'GET /book/b1': () => ({ status: 200, body: book }),
    'GET /book': () => ({ status: 200, body: [summary(book)] }),
    ...routes,
  });
  return { calls, ...renderApp(path), user: userEvent.setup() };
}

describe('the invitation page', () => {
  it('greets the invited person by the inviter and the book, and accepts when signed in', async () => {
    const { router, user, calls } = open('/invite/tok');
    expect((await screen.findByTestId('invitation-greeting')).textContent).toBe(
      'Grace Hopper invited you to “The Keeper of Letters” as an editor',
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/edit/b1'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/invitations/tok/accept']);
  });

  it('offers sign-up and sign-in that keep the invitation when signed out', async () => {
    open('/invite/tok', { 'GET /user/current-user': signedOut });
    const create = await screen.findByRole('link', { name: 'Create account' });
    expect(create.getAttribute('href')).toBe('/signup?invite=tok&email=ada%40example.com');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?invite=tok&email=ada%40example.com',
    );
    expect(screen.getByText(/The invitation is for ada@example.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('after sign-up goes back to the invitation, which accepts it and lands on the book', async () => {
    let signedUp = false;
    const { router, user } = open('/signup?invite=tok&email=ada%40example.com', {
      'GET /user/current-user': () => (signedUp ? { status: 200, body: starterUser } : signedOut()),
      'POST /auth/sign-up': () => {
        signedUp = true;
        return { status: 201, body: { msg: 'Welcome', user: starterUser } };
      },
    });
    expect(await screen.findByText('Create an account to accept your invitation.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Password'), 'quill and parchment');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/edit/b1'));
  });

  it('after sign-in goes back to the invitation and accepts it', async () => {
    let signedIn = false;
    const { router, user } = open('/login?invite=tok&email=ada%40example.com', {
      'GET /user/current-user': () => (signedIn ? { status: 200, body: starterUser } : signedOut()),
      'POST /auth/login': () => {
        signedIn = true;
        return { status: 200, body: { msg: 'Welcome back', user: starterUser } };
      },
    });
    await user.type(await screen.findByLabelText('Password'), 'quill and parchment');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/edit/b1'));
  });

  it('shows the server’s refusal when signed in with another email', async () => {
    const { user, router } = open('/invite/tok', {
      'POST /invitations/tok/accept': () => ({ status: 403, body: { msg: wrongInvitee('ada@example.com') } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation is for ada@example.com. Sign in with that email to accept it.',
    );
    expect(router.state.location.pathname).toBe('/invite/tok');
  });

  it.each([
    ['expired', 'This invitation has expired', sharingMessages.invitationExpired],
    ['accepted', 'This invitation was already accepted', sharingMessages.invitationUsed],
  ] as const)('says clearly when the invitation is %s', async (status, title, text) => {
    open('/invite/tok', {}, { ...view, status });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('invitation-state').textContent).toBe(text);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says when the invitation does not exist or was revoked', async () => {
    open('/invite/tok', { 'GET /invitations/tok': () => ({ status: 404, body: { msg: 'Not found' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(sharingMessages.invitationNotFound);
  });

  it('greets a workspace invitation by the inviter and the workspace, and opens its library once accepted', async () => {
    const { router, user, calls } = open(
      '/invite/tok',
      {
        'POST /invitations/tok/accept': () => ({
          status: 200,
          body: { kind: 'workspace', workspaceId: 'w1', role: 'member' },
        }),
        'GET /workspaces': () => ({ status: 200, body: { workspaces: [] } }),
      },
      { ...view, kind: 'workspace', bookId: undefined, workspaceId: 'w1', title: 'Lighthouse Press', role: 'member' },
    );
    expect((await screen.findByTestId('invitation-greeting')).textContent).toBe(
      'Grace Hopper invited you to the team workspace “Lighthouse Press” as a member',
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(router.state.location.search).toBe('?workspace=w1');
    // No book to fetch: the workspace's library is the way in.
    expect(calls.some((c) => c.url === '/book/b1')).toBe(false);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { roleDescriptions, sharingMessages, type Book, type BookMembers } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();

const owner = { id: starterUser._id, name: 'Ada Lovelace', email: starterUser.email, role: 'owner' as const };
const grace = { id: 'u-grace', name: 'Grace Hopper', email: 'grace@example.com', role: 'viewer' as const };
const people: BookMembers = {
  members: [owner, grace],
  invitations: [
    {
      id: 'i1',
      email: 'mary@example.com',
      role: 'commenter',
      expiresAt: '2026-12-05T10:00:00.000Z',
      createdAt: '2026-11-28T10:00:00.000Z',
    },
  ],
};
const mine = makeBook({ _id: 'b1', title: 'The Keeper of Letters', status: 'ready' });

function openLibrary(
  books: Book[],
  routes: Record<string, (call: FakeCall) => { status: number; body?: unknown }> = {},
  user: object = starterUser,
) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: books.map(summary) }),
    'GET /book/b1/members': () => ({ status: 200, body: people }),
    ...routes,
  });
  return { calls, ...renderApp('/app'), user: userEvent.setup() };
}

async function openShare(user: ReturnType<typeof userEvent.setup>, title: string, item = 'Share') {
  await user.click(await screen.findByRole('button', { name: `Book actions: ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

describe('the share dialog, for the owner', () => {
  it('invites by email with a role explained in one line, then offers the link to copy', async () => {
    const { calls, user } = openLibrary([mine], {
      'POST /book/b1/members': (call) => ({
        status: 201,
        body: {
          id: 'i2',
          email: (call.body as { email: string }).email,
          role: 'editor',
          expiresAt: '2026-12-05T10:00:00.000Z',
          createdAt: '2026-11-28T10:00:00.000Z',
          link: '/invite/tok-123',
        },
      }),
    });
    const dialog = await openShare(user, 'The Keeper of Letters');
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Share “The Keeper of Letters”' })).toBeTruthy();
    // Each role with its line.
    const picker = within(dialog).getByRole('group', { name: 'Role' });
    for (const role of ['Co-author', 'Editor', 'Commenter', 'Viewer'])
      expect(within(picker).getByRole('radio', { name: role })).toBeTruthy();
    expect(within(picker).getByRole('radio', { name: 'Editor' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(within(picker).getByText(roleDescriptions.editor)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Email address'), 'new@example.com');
    await user.click(within(picker).getByRole('radio', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Invitation sent to new@example.com.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@example.com', role: 'editor' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link for new@example.com' }));
    // user-event's clipboard stands in for the browser's.
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite/tok-123`),
    );
  });

  it('lists the people: the owner fixed, the others with a role to change and a remove button', async () => {
    const { calls, user } = openLibrary([mine], {
      'PATCH /book/b1/members/u-grace': () => ({ status: 200, body: { ...grace, role: 'coauthor' } }),
      'DELETE /book/b1/members/u-grace': () => ({ status: 200, body: { msg: sharingMessages.removed } }),
    });
    const dialog = await openShare(user, 'The Keeper of Letters');
    const rows = await within(dialog).findAllByTestId('book-member');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Owner')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    const role = within(rows[1]!).getByRole('combobox', { name: 'Role of Grace Hopper' });
    expect((role as HTMLSelectElement).value).toBe('viewer');
    await user.selectOptions(role, 'coauthor');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'coauthor' });
    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove Grace Hopper' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('copies a fresh link for a pending invitation, and revokes one', async () => {
    const { calls, user } = openLibrary([mine], {
      'POST /book/b1/invitations/i1/link': () => ({ status: 201, body: { link: '/invite/fresh' } }),
      'DELETE /book/b1/invitations/i1': () => ({ status: 200, body: { msg: 'Revoked' } }),
    });
    const dialog = await openShare(user, 'The Keeper of Letters');
    const invitation = await within(dialog).findByTestId('book-invitation');
    expect(invitation.textContent).toContain('mary@example.com');
    expect(invitation.textContent).toContain('Commenter · Expires 5 December');
    await user.click(within(invitation).getByRole('button', { name: 'Copy link for mary@example.com' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/invite/fresh`),
    );
    await user.click(within(invitation).getByRole('button', { name: 'Revoke the invitation for mary@example.com' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/book/b1/invitations/i1')).toBe(true),
    );
  });

  it('shows the 402 in the spec’s words with a link to the plans', async () => {
    const { user } = openLibrary([mine], {
      'POST /book/b1/members': () => ({
        status: 402,
        body: { msg: 'Upgrade to a pro or enterprise plan to access this feature' },
      }),
    });
    const dialog = await openShare(user, 'The Keeper of Letters');
    await user.type(within(dialog).getByLabelText('Email address'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Upgrade to a pro or enterprise plan to access this feature');
    expect(within(alert).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/app/plans');
  });
});

describe('the share dialog, for someone the book is shared with', () => {
  const shared = makeBook({
    _id: 'b1',
    title: 'The Keeper of Letters',
    status: 'ready',
    role: 'viewer',
    ownerName: 'Grace Hopper',
  });
  const asMember: BookMembers = {
    members: [
      { id: 'u-grace', name: 'Grace Hopper', email: 'grace@example.com', role: 'owner' },
      { id: starterUser._id, name: 'Ada Lovelace', email: starterUser.email, role: 'viewer' },
    ],
    invitations: [],
  };

  it('shows who is on the book, read-only, and lets them leave', async () => {
    const { calls, user, router } = openLibrary([shared], {
      'GET /book/b1/members': () => ({ status: 200, body: asMember }),
      [`DELETE /book/b1/members/${starterUser._id}`]: () => ({ status: 200, body: { msg: sharingMessages.left } }),
    });
    const dialog = await openShare(user, 'The Keeper of Letters', 'People');
    const rows = await within(dialog).findAllByTestId('book-member');
    expect(rows[0]!.textContent).toContain('Grace Hopper');
    expect(rows[0]!.textContent).toContain('Owner');
    expect(rows[1]!.textContent).toContain('Ada Lovelace (you)');
    expect(rows[1]!.textContent).toContain('Viewer');
    expect(within(dialog).queryByLabelText('Email address')).toBeNull();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Leave this book' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/app');
  });
});

describe('the library’s two shelves', () => {
  const shared = makeBook({
    _id: 's1',
    title: 'Letters from Grace',
    status: 'ready',
    role: 'commenter',
    ownerName: 'Grace Hopper',
  });

  it('keeps my books and the books shared with me apart; a shared card names its owner and my role', async () => {
    const { user, router } = openLibrary([mine, shared]);
    const tabs = await screen.findByRole('tablist', { name: 'Library' });
    // The shelves settle once both the library and the person's workspaces have loaded: wait for the cards.
    await waitFor(() =>
      expect(screen.getAllByTestId('library-book').map((card) => card.getAttribute('data-book-id'))).toEqual(['b1']),
    );
    expect(within(tabs).getByRole('tab', { name: 'My books', selected: true })).toBeTruthy();
    await user.click(within(tabs).getByRole('tab', { name: 'Shared with me' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('library-book').map((card) => card.getAttribute('data-book-id'))).toEqual(['s1']),
    );
    const cards = screen.getAllByTestId('library-book');
    expect(within(cards[0]!).getByTestId('shared-by').textContent).toBe('Shared by Grace Hopper · Commenter');
    expect(router.state.location.search).toBe('?shelf=shared');
    // Only what a commenter may do: no translate, no trash; who is on the book.
    await user.click(within(cards[0]!).getByRole('button', { name: 'Book actions: Letters from Grace' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['People']);
  });

  it('starts on the shared shelf for someone who has only shared books', async () => {
    openLibrary([shared], {}, { ...starterUser, accountType: 'null', booksLeftThisMonth: 0 });
    const tabs = await screen.findByRole('tablist', { name: 'Library' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Shared with me', selected: true })).toBeTruthy());
    expect((await screen.findAllByTestId('library-book')).map((c) => c.getAttribute('data-book-id'))).toEqual(['s1']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { planMessages, type Book } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';
import { bookAccess } from '../sharing/bookAccess';
import { personalBooks, workspaceBooks } from './libraryScope';
import { enterpriseUser, guild, press } from './testing';

resetAfterEach();

const mine = makeBook({ _id: 'b1', title: 'The Keeper of Letters', status: 'ready' });
const shared = makeBook({
  _id: 's1',
  title: 'Letters from Grace',
  status: 'ready',
  role: 'viewer',
  ownerName: 'Grace',
});
const pressBook = makeBook({ _id: 'p1', title: 'The Press Style Guide', status: 'ready', workspaceId: 'w1' });
const guildBook = makeBook({
  _id: 'g1',
  title: 'Guild Anthology',
  status: 'ready',
  role: 'coauthor',
  ownerName: 'Grace Hopper',
  workspaceId: 'w2',
});
const everyBook = [mine, shared, pressBook, guildBook];

function openApp(
  path: string,
  { user = starterUser as object, workspaces = [press, guild], books = everyBook as Book[] } = {},
  routes: Record<string, (call: FakeCall) => { status: number; body?: unknown }> = {},
) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: books.map(summary) }),
    'GET /workspaces': () => ({ status: 200, body: { workspaces } }),
    ...routes,
  });
  return { calls, ...renderApp(path), user: userEvent.setup() };
}

const shownIds = () => screen.getAllByTestId('library-book').map((card) => card.getAttribute('data-book-id'));
const switcher = async () => screen.findByRole('group', { name: 'Workspace' });

describe('the library’s scopes', () => {
  it('keeps workspace books out of the personal library and shows only one workspace’s books in it', () => {
    const books = everyBook.map(summary);
    expect(personalBooks(books).map((b) => b._id)).toEqual(['b1', 's1']);
    expect(workspaceBooks(books, 'w1').map((b) => b._id)).toEqual(['p1']);
    expect(workspaceBooks(books, 'w2').map((b) => b._id)).toEqual(['g1']);
  });
});

describe('a workspace’s book', () => {
  it('behaves by its role; its owner pays, so an admin without a plan of their own still writes it', () => {
    expect(bookAccess('owner', false, true)).toMatchObject({ readOnly: false, needsPlan: false });
    expect(bookAccess('owner', false, false)).toMatchObject({ readOnly: true, needsPlan: true });
    expect(bookAccess('coauthor', false, true).readOnly).toBe(false);
    expect(bookAccess('viewer', true, true).readOnly).toBe(true);
  });

  it('can be started by a member without a plan of their own', async () => {
    openApp('/app?workspace=w2', { user: { ...starterUser, accountType: 'null', booksLeftThisMonth: 0 } });
    expect(await screen.findByLabelText('What will your next book be about?')).toBeTruthy();
  });
});

describe('the workspace switcher', () => {
  it('lists Personal and each workspace; choosing one shows its books and keeps it in the address', async () => {
    const { user, router } = openApp('/app');
    const group = await switcher();
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Personal', 'Lighthouse Press', 'Writers Guild']);
    expect(within(group).getByRole('link', { name: 'Personal' }).getAttribute('aria-current')).toBe('true');
    // Personal: my books without the workspace's, and the shared shelf.
    await waitFor(() => expect(shownIds()).toEqual(['b1']));
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    await waitFor(() => expect(shownIds()).toEqual(['s1']));

    await user.click(within(group).getByRole('link', { name: 'Lighthouse Press' }));
    await waitFor(() => expect(shownIds()).toEqual(['p1']));
    expect(router.state.location.search).toBe('?workspace=w1');
    expect(screen.getByRole('heading', { level: 2, name: 'Lighthouse Press' })).toBeTruthy();
    expect(screen.queryByRole('tablist', { name: 'Library' })).toBeNull();
    expect(within(group).getByRole('link', { name: 'Lighthouse Press' }).getAttribute('aria-current')).toBe('true');

    await user.click(within(group).getByRole('link', { name: 'Personal' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(shownIds()).toEqual(['b1']));
  });

  it('opens on the workspace of the address (a reload keeps it), where a co-author’s book is theirs to write', async () => {
    openApp('/app?workspace=w2');
    await waitFor(() => expect(shownIds()).toEqual(['g1']));
    const card = screen.getAllByTestId('library-book')[0]!;
    expect(card.getAttribute('data-role')).toBe('coauthor');
    // The workspace's book, not one Grace shared: the role only (the library's heading names the workspace).
    expect(within(card).getByTestId('shared-by').textContent).toBe('Co-author');
  });

  it('marks Home current on the personal library only, and the chosen workspace instead of it', async () => {
    const { user } = openApp('/app');
    const group = await switcher();
    const home = () => screen.getByRole('link', { name: 'Home' });
    await waitFor(() => expect(home().getAttribute('aria-current')).toBe('page'));
    await user.click(within(group).getByRole('link', { name: 'Lighthouse Press' }));
    await waitFor(() => expect(shownIds()).toEqual(['p1']));
    expect(home().getAttribute('aria-current')).toBeNull();
    expect(home().className).not.toContain('bg-white/10');
    expect(within(group).getByRole('link', { name: 'Lighthouse Press' }).getAttribute('aria-current')).toBe('true');
    await user.click(home());
    await waitFor(() => expect(home().getAttribute('aria-current')).toBe('page'));
    expect(within(group).getByRole('link', { name: 'Personal' }).getAttribute('aria-current')).toBe('true');
  });

  it('sends the chosen workspace with a new book', async () => {
    const { user, calls } = openApp(
      '/app?workspace=w1',
      {},
      {
        'POST /agent/plan': () => ({ status: 201, body: makeBook({ _id: 'new', workspaceId: 'w1' }) }),
      },
    );
    await user.type(await screen.findByLabelText('What will your next book be about?'), 'A style guide.');
    await user.type(screen.getByLabelText('Title'), 'House Style');
    await user.selectOptions(screen.getByLabelText('Language'), 'english');
    await user.type(screen.getByLabelText('Target audience'), 'Our editors');
    await user.selectOptions(screen.getByLabelText('Genre'), 'mystery');
    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    expect(await screen.findByText(planMessages.started)).toBeTruthy();
    expect(calls.find((c) => c.url === '/agent/plan')?.body).toMatchObject({ title: 'House Style', workspaceId: 'w1' });
  });

  it('sends no workspace with a personal book', async () => {
    const { user, calls } = openApp(
      '/app',
      {},
      {
        'POST /agent/plan': () => ({ status: 201, body: makeBook({ _id: 'new' }) }),
      },
    );
    await user.type(await screen.findByLabelText('What will your next book be about?'), 'An idea.');
    await user.type(screen.getByLabelText('Title'), 'Mine');
    await user.selectOptions(screen.getByLabelText('Language'), 'english');
    await user.type(screen.getByLabelText('Target audience'), 'Adults');
    await user.selectOptions(screen.getByLabelText('Genre'), 'mystery');
    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    expect(await screen.findByText(planMessages.started)).toBeTruthy();
    expect(calls.find((c) => c.url === '/agent/plan')?.body).not.toHaveProperty('workspaceId');
  });

  it('is not there for someone with no workspace and no Enterprise plan', async () => {
    openApp('/app', { workspaces: [] });
    await screen.findAllByTestId('library-book');
    expect(screen.queryByRole('group', { name: 'Workspace' })).toBeNull();
  });

  it('lets an Enterprise account without a workspace create one, then shows it', async () => {
    const created = { ...press, seats: { used: 1, limit: 5 } };
    let workspaces: (typeof press)[] = [];
    const { user, calls, router } = openApp(
      '/app',
      { user: enterpriseUser, workspaces: [] },
      {
        'GET /workspaces': () => ({ status: 200, body: { workspaces } }),
        'POST /workspaces': () => {
          workspaces = [created];
          return { status: 201, body: created };
        },
      },
    );
    const group = await switcher();
    await user.click(within(group).getByRole('button', { name: 'Create a workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a workspace' });
    const name = within(dialog).getByLabelText('Workspace name');
    expect(document.activeElement).toBe(name);
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(within(dialog).getByText('Give the workspace a name (1 to 100 characters)')).toBeTruthy();
    await user.type(name, '  Lighthouse Press ');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(router.state.location.search).toBe('?workspace=w1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Lighthouse Press' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(group).findByRole('link', { name: 'Lighthouse Press' })).toBeTruthy();
    // An Enterprise plan pays for one workspace: the entry is gone once it owns one.
    expect(within(group).queryByRole('button', { name: 'Create a workspace' })).toBeNull();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { user } = openApp(
      '/app',
      { user: enterpriseUser, workspaces: [] },
      {
        'POST /workspaces': () => ({
          status: 409,
          body: { msg: 'You have a workspace already: an Enterprise plan pays for one' },
        }),
      },
    );
    await user.click(within(await switcher()).getByRole('button', { name: 'Create a workspace' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Workspace name'), 'Second');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have a workspace already: an Enterprise plan pays for one',
    );
  });
});

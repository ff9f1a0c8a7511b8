import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Book, BookSummary, Workspace } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { guild, press } from './testing';

resetAfterEach();

const mine = makeBook({ _id: 'b1', title: 'The Keeper of Letters', status: 'ready' });
const shared = makeBook({
  _id: 's1',
  title: 'Letters from Grace',
  status: 'ready',
  role: 'coauthor',
  ownerName: 'Grace',
});
const pressBook = makeBook({ _id: 'p1', title: 'The Press Style Guide', status: 'ready', workspaceId: 'w1' });

function openLibrary(
  path: string,
  workspaces: Workspace[] = [press, guild],
  books: Book[] = [mine, shared, pressBook],
) {
  let library: BookSummary[] = books.map(summary);
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: library }),
    'GET /workspaces': () => ({ status: 200, body: { workspaces } }),
    'POST /book/b1/move': (call) => {
      const workspaceId = (call.body as { workspaceId: string }).workspaceId;
      library = library.map((book) => (book._id === 'b1' ? { ...book, workspaceId } : book));
      return { status: 200, body: library.find((book) => book._id === 'b1') };
    },
  });
  return { calls, ...renderApp(path), user: userEvent.setup() };
}

async function menuItems(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: `Book actions: ${title}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('moving a book into a workspace', () => {
  it('moves my own personal book into the workspace I choose; it leaves the personal library', async () => {
    const { user, calls } = openLibrary('/app', [press, guild], [mine, pressBook]);
    await user.click(await screen.findByRole('button', { name: 'Book actions: The Keeper of Letters' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to workspace…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “The Keeper of Letters”' });
    const choice = within(dialog).getByRole('group', { name: 'Workspace' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['w1', 'w2']);
    await user.click(within(choice).getByRole('radio', { name: 'Writers Guild' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move book' }));
    expect(await screen.findByText('“The Keeper of Letters” moved to Writers Guild')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/book/b1/move', body: { workspaceId: 'w2' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryAllByTestId('library-book')).toHaveLength(0));
    // Focus goes to the library's heading, the book's card being gone.
    await waitFor(() => expect(document.activeElement?.id).toBe('library-heading'));
  });

  it('is not offered on a shared book, a workspace’s book, or without a workspace', async () => {
    const first = openLibrary('/app?shelf=shared');
    expect(await menuItems(first.user, 'Letters from Grace')).not.toContain('Move to workspace…');
    first.unmount();

    const second = openLibrary('/app?workspace=w1');
    expect(await menuItems(second.user, 'The Press Style Guide')).not.toContain('Move to workspace…');
    second.unmount();

    const third = openLibrary('/app', []);
    expect(await menuItems(third.user, 'The Keeper of Letters')).not.toContain('Move to workspace…');
  });

  it('shows the server’s refusal and keeps the book', async () => {
    const { user } = openLibrary('/app');
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [summary(mine)] }),
      'GET /workspaces': () => ({ status: 200, body: { workspaces: [press] } }),
      'POST /book/b1/move': () => ({
        status: 403,
        body: { msg: 'You can only move a book into a workspace you belong to' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Book actions: The Keeper of Letters' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to workspace…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move book' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You can only move a book into a workspace you belong to',
    );
  });
});

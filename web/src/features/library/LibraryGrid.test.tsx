import { settingsTexts } from '../settings/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Book } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { booksApi } from '../books/booksApi';
import { applyBookEvent } from '../books/useBookEvents';

resetAfterEach();

const library: Book[] = [
  makeBook({ _id: 'p', title: 'Planned', status: 'planning', bookState: null }),
  makeBook({ _id: 'w', title: 'Written', status: 'writing', progress: { chaptersWritten: 3, chaptersTotal: 12 } }),
  makeBook({ _id: 'v', title: 'Validated', status: 'validation' }),
  makeBook({ _id: 'r', title: 'Finished', status: 'ready' }),
  makeBook({
    _id: 'f',
    title: 'Broken',
    status: 'failed',
    failure: { step: 'writing', reason: 'The writer gave up.', at: '2026-03-01T10:00:00.000Z' },
  }),
];

function openHome(books: Book[] = library) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: books.map(summary) }),
    'GET /book/search?q=fin': () => ({ status: 200, body: { results: [], truncated: false } }),
    'GET /book/search?q=finxyz': () => ({ status: 200, body: { results: [], truncated: false } }),
    'POST /book/f/retry': () => ({ status: 200, body: { ...books[4], status: 'writing', failure: null } }),
  });
  return { calls, ...renderApp('/app') };
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="library-book"][data-book-id="${id}"]`)!;

describe('library grid', () => {
  it('shows each status in its colour, with the spec label for validation', async () => {
    openHome();
    await screen.findAllByTestId('library-book');
    const badge = (id: string) => card(id).querySelector('[data-status]')!;
    expect(
      [...['p', 'w', 'v', 'r', 'f']].map((id) => [badge(id).textContent, badge(id).getAttribute('data-color')]),
    ).toEqual([
      ['Planning', 'blue'],
      ['Writing', 'orange'],
      ['Action needed', 'amber'],
      ['Ready', 'green'],
      ['Failed', 'red'],
    ]);
  });

  it('opens validation books for review and ready books in the editor; planning and writing open nothing', async () => {
    openHome();
    await screen.findAllByTestId('library-book');
    expect(within(card('v')).getByRole('link').getAttribute('href')).toBe('/app/v');
    expect(within(card('r')).getByRole('link').getAttribute('href')).toBe('/app/edit/r');
    expect(within(card('p')).queryByRole('link')).toBeNull();
    expect(within(card('w')).queryByRole('link')).toBeNull();
  });

  it('shows writing progress as chapter n of N', async () => {
    openHome();
    await screen.findAllByTestId('library-book');
    const bar = within(card('w')).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('12');
    expect(within(card('w')).getByText('Chapter 4 of 12')).toBeTruthy();
  });

  it('shows why a book failed and retries it', async () => {
    const { calls } = openHome();
    await screen.findAllByTestId('library-book');
    expect(within(card('f')).getByText('The writer gave up.')).toBeTruthy();
    const userReads = () => calls.filter((c) => c.method === 'GET' && c.url === '/user/current-user').length;
    const before = userReads();
    await userEvent.setup().click(within(card('f')).getByRole('button', { name: 'Try again: Broken' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/book/f/retry')).toBe(true));
    // The retry took a book of the month again: the allowance shown is read again.
    await waitFor(() => expect(userReads()).toBeGreaterThan(before));
  });

  it('reads the allowance again when a book fails (its book of the month comes back)', async () => {
    const { calls, store } = openHome();
    await screen.findAllByTestId('library-book');
    const userReads = () => calls.filter((c) => c.method === 'GET' && c.url === '/user/current-user').length;
    const before = userReads();
    applyBookEvent(store.dispatch, 'book.failed', { bookId: 'p', status: 'failed', reason: 'The AI did not answer.' });
    await waitFor(() => expect(userReads()).toBeGreaterThan(before));
  });

  it('applies live events to the library: status and progress', async () => {
    const { store } = openHome();
    await screen.findAllByTestId('library-book');
    applyBookEvent(store.dispatch, 'book.chapter-written', {
      bookId: 'w',
      status: 'writing',
      chaptersWritten: 11,
      chaptersTotal: 12,
    });
    await waitFor(() => expect(within(card('w')).getByText('Chapter 12 of 12')).toBeTruthy());
    const cached = booksApi.endpoints.listBooks.select()(store.getState()).data;
    expect(cached?.find((b) => b._id === 'w')?.progress).toEqual({ chaptersWritten: 11, chaptersTotal: 12 });
    // Chapters are written side by side: an earlier chapter's count arriving late does not take it back.
    applyBookEvent(store.dispatch, 'book.chapter-written', {
      bookId: 'w',
      status: 'writing',
      chaptersWritten: 10,
      chaptersTotal: 12,
    });
    expect(
      booksApi.endpoints.listBooks
        .select()(store.getState())
        .data?.find((b) => b._id === 'w')?.progress,
    ).toEqual({ chaptersWritten: 11, chaptersTotal: 12 });
    applyBookEvent(store.dispatch, 'book.ready', { bookId: 'w', status: 'ready' });
    expect(
      booksApi.endpoints.listBooks
        .select()(store.getState())
        .data?.find((b) => b._id === 'w')?.status,
    ).toBe('ready');
    // The last chapter's progress, overtaken by `ready` on the way, leaves the book ready.
    applyBookEvent(store.dispatch, 'book.chapter-written', {
      bookId: 'w',
      status: 'writing',
      chaptersWritten: 12,
      chaptersTotal: 12,
    });
    expect(
      booksApi.endpoints.listBooks
        .select()(store.getState())
        .data?.find((b) => b._id === 'w')?.status,
    ).toBe('ready');
  });
});

describe('library refresh', () => {
  it('reads the library again every 30 seconds while a book is planning or writing, and not otherwise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let books = library;
    const calls = mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: books.map(summary) }),
    });
    renderApp('/app');
    await screen.findAllByTestId('library-book');
    const reads = () => calls.filter((c) => c.method === 'GET' && c.url === '/book').length;
    const first = reads();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(reads()).toBe(first);
    books = library.filter((b) => b.status !== 'planning' && b.status !== 'writing');
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(reads()).toBe(first + 1);
    // Nothing is in progress any more: no more refreshes.
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    expect(reads()).toBe(first + 1);
  });
});

describe('sidebar', () => {
  it("filters 'YOUR LIBRARY' as you type in 'Search books'", async () => {
    openHome();
    const user = userEvent.setup();
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const list = within(sidebar).getByRole('group', { name: 'YOUR LIBRARY' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    await user.type(within(sidebar).getByRole('searchbox', { name: 'Search books' }), 'fin');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Finished')]);
    await user.type(within(sidebar).getByRole('searchbox', { name: 'Search books' }), 'xyz');
    // Once the manuscripts were searched too, and mention it nowhere.
    expect(await within(list).findByText('No books match “finxyz”.')).toBeTruthy();
  });

  it('signs out from the user menu, then goes to /login', async () => {
    const calls = mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [] }),
      'GET /auth/logout': () => ({ status: 200, body: { msg: 'Logged out' } }),
    });
    const { router } = renderApp('/app');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Notifications', 'Help & Support', 'Sign Out']);
    expect(document.activeElement?.textContent).toBe('Notifications');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign Out');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url === '/auth/logout')).toBe(true);
  });

  it('links to the settings page', async () => {
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [] }),
    });
    const { router } = renderApp('/app');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: settingsTexts.title, level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/settings');
  });
});

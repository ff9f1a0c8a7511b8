import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Book } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { FakeEventSource } from '../../test/eventSource';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();

const day = 24 * 60 * 60 * 1000;

/** A gateway with a working trash: DELETE moves, restore brings back, permanent deletes. */
function fakeTrash(books: Book[], trashed: Book[] = []) {
  let library = [...books];
  let trash = trashed.map((book) => ({ book, deletedAt: new Date(Date.now() - 2 * day).toISOString() }));
  const routes: Record<string, (call: FakeCall) => { status: number; body?: unknown }> = {
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: library.map(summary) }),
    'GET /book/trash': () => ({
      status: 200,
      body: trash.map(({ book, deletedAt }) => ({
        ...summary(book),
        deletedAt,
        purgeAt: new Date(new Date(deletedAt).getTime() + 30 * day).toISOString(),
      })),
    }),
  };
  for (const book of [...books, ...trashed]) {
    routes[`DELETE /book/${book._id}`] = () => {
      if (!library.includes(book)) return { status: 409, body: { msg: 'The book is already in the trash' } };
      library = library.filter((b) => b !== book);
      trash = [...trash, { book, deletedAt: new Date().toISOString() }];
      return { status: 200, body: { msg: 'Book moved to trash' } };
    };
    routes[`POST /book/${book._id}/restore`] = () => {
      trash = trash.filter((t) => t.book !== book);
      library = [book, ...library];
      return { status: 200, body: { msg: 'Book restored' } };
    };
    routes[`DELETE /book/${book._id}/permanent`] = () => {
      trash = trash.filter((t) => t.book !== book);
      return { status: 200, body: { msg: 'Book deleted forever' } };
    };
  }
  return mockFetch(routes);
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="library-book"][data-book-id="${id}"]`);
const calledWith = (calls: FakeCall[], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url);

describe('moving a book to the trash from the library', () => {
  it('offers "Move to trash" on every status, "Action needed" and failed included', async () => {
    const books = (['planning', 'writing', 'validation', 'ready', 'failed', 'translating'] as const).map((status, i) =>
      makeBook({ _id: `b${i}`, title: `Book ${i}`, status }),
    );
    fakeTrash(books);
    renderApp('/app');
    const user = userEvent.setup();
    await screen.findAllByTestId('library-book');
    for (const book of books) {
      await user.click(within(card(book._id)!).getByRole('button', { name: `Book actions: ${book.title}` }));
      expect(await screen.findByRole('menuitem', { name: 'Move to trash' })).toBeTruthy();
      await user.keyboard('{Escape}');
    }
  });

  it('asks first; Cancel keeps the book, confirming moves it, and Undo restores it', async () => {
    const book = makeBook({ _id: 'v', title: 'Needs Review', status: 'validation' });
    const calls = fakeTrash([book]);
    renderApp('/app');
    const user = userEvent.setup();
    const menuButton = await screen.findByRole('button', { name: 'Book actions: Needs Review' });

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Move to trash' }));
    let dialog = await screen.findByRole('dialog', { name: 'Move this book to the trash?' });
    expect(within(dialog).getByText(/“Needs Review” leaves your library/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(menuButton);
    expect(calledWith(calls, 'DELETE', '/book/v')).toHaveLength(0);

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Move to trash' }));
    dialog = await screen.findByRole('dialog', { name: 'Move this book to the trash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Move to trash' }));
    expect(await screen.findByText('Book moved to trash')).toBeTruthy();
    await waitFor(() => expect(card('v')).toBeNull());
    expect(calledWith(calls, 'DELETE', '/book/v')).toHaveLength(1);
    // The card that had focus is gone: the library's heading takes it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your library' }));

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Book restored')).toBeTruthy();
    await waitFor(() => expect(card('v')).not.toBeNull());
    expect(calledWith(calls, 'POST', '/book/v/restore')).toHaveLength(1);
  });

  it('says what went wrong when the move is refused, and keeps the book', async () => {
    const book = makeBook({ _id: 'r', title: 'Ready One', status: 'ready' });
    fakeTrash([book]);
    renderApp('/app');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book actions: Ready One' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to trash' }));
    const dialog = await screen.findByRole('dialog');
    // The server says the book is gone already (another tab moved it).
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [summary(book)] }),
      'DELETE /book/r': () => ({ status: 409, body: { msg: 'This book is already in the trash' } }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Move to trash' }));
    expect(await screen.findByText('This book is already in the trash')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(card('r')).not.toBeNull();
  });
});

describe('the Trash view', () => {
  it('is reachable from the library and lists trashed books with when they are deleted for good', async () => {
    const gone = makeBook({ _id: 'g', title: 'Old Draft', status: 'ready' });
    fakeTrash([], [gone]);
    const { router } = renderApp('/app');
    const user = userEvent.setup();
    const links = await screen.findAllByRole('link', { name: 'Trash' });
    await user.click(links[links.length - 1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trash' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/trash');
    const row = await screen.findByTestId('trashed-book');
    expect(within(row).getByRole('heading', { name: 'Old Draft' })).toBeTruthy();
    expect(within(row).getByTestId('purge-at').textContent).toMatch(/^Deleted for good on \d{1,2} \w+ \(in 28 days\)$/);
  });

  it('says so when the trash is empty', async () => {
    fakeTrash([]);
    renderApp('/app/trash');
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
  });

  it('restores a book into the library', async () => {
    const gone = makeBook({ _id: 'g', title: 'Old Draft', status: 'ready' });
    const calls = fakeTrash([], [gone]);
    renderApp('/app/trash');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore: Old Draft' }));
    expect(await screen.findByText('Book restored')).toBeTruthy();
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
    expect(calledWith(calls, 'POST', '/book/g/restore')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Trash' }));
  });

  it('deletes forever only after a confirmation', async () => {
    const gone = makeBook({ _id: 'g', title: 'Old Draft', status: 'ready' });
    const calls = fakeTrash([], [gone]);
    renderApp('/app/trash');
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Delete forever: Old Draft' });
    await user.click(open);
    let dialog = await screen.findByRole('dialog', { name: 'Delete this book forever?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
    expect(calledWith(calls, 'DELETE', '/book/g/permanent')).toHaveLength(0);

    await user.click(open);
    dialog = await screen.findByRole('dialog', { name: 'Delete this book forever?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Book deleted forever')).toBeTruthy();
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
    expect(calledWith(calls, 'DELETE', '/book/g/permanent')).toHaveLength(1);
    expect(calledWith(calls, 'DELETE', '/book/g/permanent')[0]?.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("another tab's moves, over the live stream", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });
  const stream = async () => {
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
    return FakeEventSource.opened.at(-1)!;
  };

  it('drops a book trashed elsewhere from the library at once, and reads both lists again', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const kept = makeBook({ _id: 'k', title: 'Kept', status: 'ready' });
    const gone = makeBook({ _id: 'g', title: 'Trashed Elsewhere', status: 'ready' });
    const calls = fakeTrash([kept, gone]);
    renderApp('/app');
    await waitFor(() => expect(card('g')).toBeTruthy());
    const source = await stream();
    const libraryReads = calledWith(calls, 'GET', '/book').length;
    // The other tab's DELETE reached the server; this tab only hears of it.
    await fetch('/api/v1/book/g', { method: 'DELETE' });
    act(() => source.emit('book.trashed', { bookId: 'g', movedTo: 'trash' }));
    await waitFor(() => expect(card('g')).toBeNull());
    expect(card('k')).toBeTruthy();
    await waitFor(() => expect(calledWith(calls, 'GET', '/book').length).toBeGreaterThan(libraryReads));
  });

  it('shows a book restored elsewhere again, and drops one deleted elsewhere from the Trash view', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const book = makeBook({ _id: 't', title: 'Back Again', status: 'ready' });
    const calls = fakeTrash([], [book]);
    const { router } = renderApp('/app/trash');
    const trashed = () => document.querySelector('[data-testid="trashed-book"][data-book-id="t"]');
    await waitFor(() => expect(trashed()).toBeTruthy());
    const source = await stream();
    await fetch('/api/v1/book/t/restore', { method: 'POST' });
    act(() => source.emit('book.restored', { bookId: 't', movedTo: 'library' }));
    await waitFor(() => expect(trashed()).toBeNull());
    await router.navigate('/app');
    await waitFor(() => expect(card('t')).toBeTruthy());

    // Trashed again elsewhere: the Trash view (read before) is read again too.
    await fetch('/api/v1/book/t', { method: 'DELETE' });
    act(() => source.emit('book.trashed', { bookId: 't', movedTo: 'trash' }));
    await waitFor(() => expect(card('t')).toBeNull());
    await router.navigate('/app/trash');
    await waitFor(() => expect(trashed()).toBeTruthy());
    await fetch('/api/v1/book/t/permanent', { method: 'DELETE' });
    const trashReads = calledWith(calls, 'GET', '/book/trash').length;
    act(() => source.emit('book.deleted', { bookId: 't', movedTo: 'gone' }));
    await waitFor(() => expect(trashed()).toBeNull());
    expect(calledWith(calls, 'GET', '/book/trash').length).toBeGreaterThan(trashReads);
  });

  it('ignores a move message it cannot read', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const book = makeBook({ _id: 'k', title: 'Kept', status: 'ready' });
    fakeTrash([book]);
    renderApp('/app');
    await waitFor(() => expect(card('k')).toBeTruthy());
    const source = await stream();
    act(() => source.emit('book.trashed', { bookId: 'k', movedTo: 'the moon' }));
    act(() => source.emit('book.trashed', { status: 'ready' }));
    expect(card('k')).toBeTruthy();
  });
});

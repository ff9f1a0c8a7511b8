import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Book } from '@bookwright/contracts/http';
import { dismissToast } from '../../components/toast';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';
import { applyBookEvent } from './useBookEvents';
import { announceWriting } from './writingToast';

resetAfterEach();

const confirmedText = 'Success! When the book is ready you will see it in your library! It can take up to 30 minutes';
const writing = makeBook({ _id: 'w', title: 'The Keeper of Letters', status: 'writing' });
const toasts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

/** jsdom runs no CSS animations: end them, as a browser would, so closed toasts leave the page. */
function endAnimations() {
  for (const element of document.querySelectorAll('.Toastify__toast')) fireEvent.animationEnd(element);
}

/** The library, answered as `books` holds it at the moment of each read. */
async function openLibrary(books: Book[] = [writing]) {
  mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: books.map(summary) }),
  });
  const view = renderApp('/app');
  await screen.findAllByTestId('library-book');
  return view;
}

describe("the toast after 'Confirm and start writing' (issue 47: it says what is true)", () => {
  it("keeps the spec's text while the book is being written", async () => {
    const { store } = await openLibrary();
    act(() => announceWriting(writing));
    expect(await screen.findByText(confirmedText)).toBeTruthy();
    act(() =>
      applyBookEvent(store.dispatch, 'book.chapter-written', {
        bookId: 'w',
        status: 'writing',
        chaptersWritten: 1,
        chaptersTotal: 12,
      }),
    );
    expect(toasts()).toContain(confirmedText);
  });

  it('becomes "ready" when the book is written while it is shown, as the card beside it does', async () => {
    const books = [writing];
    const { store } = await openLibrary(books);
    act(() => announceWriting(writing));
    await screen.findByText(confirmedText);
    books[0] = { ...writing, status: 'ready' };
    act(() => applyBookEvent(store.dispatch, 'book.ready', { bookId: 'w', status: 'ready' }));
    await waitFor(() => expect(toasts()).toContain('“The Keeper of Letters” is ready! Open it from your library.'));
    expect(toasts()).not.toContain(confirmedText);
    expect(toasts().filter((text) => text?.includes('is ready'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('library-book').getAttribute('data-status')).toBe('ready'));
  });

  it('closes when the writing fails: the card tells the failure', async () => {
    const { store } = await openLibrary();
    act(() => announceWriting(writing));
    await screen.findByText(confirmedText);
    act(() =>
      applyBookEvent(store.dispatch, 'book.failed', { bookId: 'w', status: 'failed', reason: 'The writer gave up.' }),
    );
    await waitFor(() => {
      endAnimations();
      expect(toasts()).not.toContain(confirmedText);
    });
  });

  it('says nothing more once it has closed, and is not touched by another book', async () => {
    const other = makeBook({ _id: 'o', title: 'Another Book', status: 'writing' });
    const { store } = await openLibrary([writing, other]);
    act(() => announceWriting(writing));
    await screen.findByText(confirmedText);
    act(() => applyBookEvent(store.dispatch, 'book.ready', { bookId: 'o', status: 'ready' }));
    expect(toasts()).toEqual([confirmedText]);
    act(() => dismissToast('writing:w'));
    await waitFor(() => {
      endAnimations();
      expect(toasts()).toEqual([]);
    });
    act(() => applyBookEvent(store.dispatch, 'book.ready', { bookId: 'w', status: 'ready' }));
    expect(toasts()).toEqual([]);
  });

  it('says the book is ready at once when the answer already says so', async () => {
    await openLibrary();
    act(() => announceWriting({ ...writing, status: 'ready' }));
    expect(await screen.findByText('“The Keeper of Letters” is ready! Open it from your library.')).toBeTruthy();
    expect(toasts()).not.toContain(confirmedText);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Book, BookRole } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { FakeEventSource } from '../../test/eventSource';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();

/** Grace's book, shared with Ada (the signed-in person) in a role the test changes "on the server". */
function sharedBook(role: BookRole): Book {
  return makeBook({
    _id: 'b1',
    title: 'Letters from Grace',
    status: 'ready',
    role,
    ownerName: 'Grace Hopper',
    bookContent: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'It was a quiet night.' }] }],
    }),
  });
}

const bookReads = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url === '/book/b1').length;

describe('a change of my role, over the live stream (book.member.role-changed)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('lets a viewer made co-author type in the open editor without reloading', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let role: BookRole = 'viewer';
    const calls = mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [summary(sharedBook(role))] }),
      'GET /book/b1': () => ({ status: 200, body: sharedBook(role) }),
    });
    renderApp('/app/edit/b1');
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('false');
    expect(screen.getByRole('region', { name: 'Viewer access' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
    const source = FakeEventSource.opened.at(-1)!;
    const reads = bookReads(calls);

    role = 'coauthor';
    act(() => source.emit('book.member.role-changed', { bookId: 'b1', movedTo: 'library' }));
    await waitFor(() => expect(manuscript.getAttribute('contenteditable')).toBe('true'));
    expect(bookReads(calls)).toBeGreaterThan(reads);
    expect(manuscript.getAttribute('aria-readonly')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Viewer access' })).toBeNull();
    // Nothing was typed: the new role alone leaves nothing to save.
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('takes typing away from a co-author made viewer', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let role: BookRole = 'coauthor';
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [summary(sharedBook(role))] }),
      'GET /book/b1': () => ({ status: 200, body: sharedBook(role) }),
    });
    renderApp('/app/edit/b1');
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('true');
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
    role = 'viewer';
    act(() => FakeEventSource.opened.at(-1)!.emit('book.member.role-changed', { bookId: 'b1', movedTo: 'library' }));
    await waitFor(() => expect(manuscript.getAttribute('contenteditable')).toBe('false'));
    expect(manuscript.getAttribute('aria-readonly')).toBe('true');
  });

  it('shows the new role on the library card', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let role: BookRole = 'viewer';
    mockFetch({
      'GET /user/current-user': () => ({ status: 200, body: starterUser }),
      'GET /book': () => ({ status: 200, body: [summary(sharedBook(role))] }),
    });
    renderApp('/app?shelf=shared');
    expect((await screen.findByTestId('shared-by')).textContent).toBe('Shared by Grace Hopper · Viewer');
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
    role = 'coauthor';
    act(() => FakeEventSource.opened.at(-1)!.emit('book.member.role-changed', { bookId: 'b1', movedTo: 'library' }));
    await waitFor(() => expect(screen.getByTestId('shared-by').textContent).toBe('Shared by Grace Hopper · Co-author'));
  });
});

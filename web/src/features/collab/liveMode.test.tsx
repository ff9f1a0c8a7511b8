import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Book, BookMember } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();

// The editor's chunks (tiptap, Yjs) are transformed once here, not inside a test's wait for the page.
beforeAll(async () => {
  await Promise.all([import('../editor/EditorPage'), import('./LiveWorkspace')]);
});

/** A socket that never opens: the page waits for the server's document, as it would while connecting. */
class SilentSocket extends EventTarget {
  static opened: string[] = [];
  binaryType = 'arraybuffer';
  readyState = 0;
  constructor(readonly url: string) {
    super();
    SilentSocket.opened.push(url);
  }
  send() {}
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  SilentSocket.opened = [];
});

const person = (id: string, name: string, role: BookMember['role']): BookMember => ({
  id,
  name,
  email: `${id}@example.com`,
  role,
});
const owner = person(starterUser._id, 'Ada Lovelace', 'owner');
const token = {
  token: 'signed',
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  role: 'owner',
  readOnly: false,
  url: '/collab',
  documentName: 'book:b1',
};

function open(
  members: BookMember[] | undefined,
  {
    book: overrides = {},
    workspaceMembers,
    tokenAnswer = { status: 200, body: token },
  }: { book?: Partial<Book>; workspaceMembers?: unknown[]; tokenAnswer?: { status: number; body?: unknown } } = {},
) {
  vi.stubGlobal('WebSocket', SilentSocket);
  const book = makeBook({
    _id: 'b1',
    status: 'ready',
    bookContent: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'It was a quiet night.' }] }],
    }),
    // As the book service answers: live when anyone besides the owner is on the book or its workspace.
    live: (members?.length ?? 0) > 1 || (workspaceMembers?.length ?? 0) > 1,
    ...overrides,
  });
  const calls: FakeCall[] = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [summary(book)] }),
    'GET /book/b1': () => ({ status: 200, body: book }),
    ...(members ? { 'GET /book/b1/members': () => ({ status: 200, body: { members, invitations: [] } }) } : {}),
    ...(workspaceMembers
      ? { 'GET /workspaces/w1/members': () => ({ status: 200, body: { members: workspaceMembers, invitations: [] } }) }
      : {}),
    'POST /book/b1/collab-token': () => tokenAnswer,
  });
  renderApp('/app/edit/b1');
  return calls;
}

const tokenAsked = (calls: FakeCall[]) => calls.some((c) => c.method === 'POST' && c.url === '/book/b1/collab-token');

describe('the editor of a book, live or solo', () => {
  it('keeps the solo editor for a book nobody shares: no token, no socket', async () => {
    const calls = open([owner]);
    await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(tokenAsked(calls)).toBe(false);
    expect(SilentSocket.opened).toEqual([]);
  });

  it('keeps the solo editor for a book that does not say whether it is live', async () => {
    const calls = open(undefined, { book: { live: undefined } });
    await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(tokenAsked(calls)).toBe(false);
  });

  it('opens a shared book live: a token, the socket on this host, and no text until the server’s document', async () => {
    const calls = open([owner, person('u-grace', 'Grace Hopper', 'coauthor')]);
    expect(await screen.findByText('Opening the shared book…')).toBeTruthy();
    await waitFor(() => expect(SilentSocket.opened).toEqual([`ws://${window.location.host}/collab`]));
    expect(tokenAsked(calls)).toBe(true);
    // Never filled from the page: the stored text is not shown while the document has not come.
    expect(screen.queryByRole('textbox', { name: 'Manuscript' })).toBeNull();
    expect(screen.queryByText('It was a quiet night.')).toBeNull();
    // Every edit is sent as it is typed: no Save button.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Chapters', hidden: true })).toBeTruthy();
  });

  it('opens a team workspace’s book live when the workspace has another member', async () => {
    const calls = open([owner], {
      book: { workspaceId: 'w1' },
      workspaceMembers: [{ id: 'a' }, { id: 'b' }],
    });
    expect(await screen.findByText('Opening the shared book…')).toBeTruthy();
    await waitFor(() => expect(tokenAsked(calls)).toBe(true));
  });

  it('says the book cannot be opened when the token is refused (the person was removed)', async () => {
    open([owner, person('u-grace', 'Grace Hopper', 'coauthor')], {
      tokenAnswer: { status: 404, body: { msg: 'Book not found' } },
    });
    expect(await screen.findByText('This book could not be opened')).toBeTruthy();
    expect(SilentSocket.opened).toEqual([]);
  });
});

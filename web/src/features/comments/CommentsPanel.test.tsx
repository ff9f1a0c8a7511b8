import { describe, expect, it } from 'vitest';
import { Provider } from 'react-redux';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentThread } from '@bookwright/contracts/http';
import { makeStore } from '../../app/store';
import { mockFetch, resetAfterEach } from '../../test/utils';
import { CommentsPanel, type CommentPermissions } from './CommentsPanel';
import { useLiveComments } from './useLiveComments';

resetAfterEach();

const ada = { id: 'u-ada', name: 'Ada Lovelace' };
const carl = { id: 'u-carl', name: 'Carl Commenter' };
const at = '2026-11-28T10:00:00.000Z';

function thread(overrides: Partial<CommentThread>): CommentThread {
  return {
    id: 't1',
    author: carl,
    body: 'Is this needed?',
    anchor: { chapter: 1, quote: 'The cat sat.' },
    createdAt: at,
    resolved: false,
    onDeletedText: false,
    replies: [],
    ...overrides,
  };
}

const threads = [
  thread({ id: 't1', replies: [{ id: 'r1', author: ada, body: 'Yes, it is.', createdAt: at }] }),
  thread({
    id: 't2',
    author: ada,
    body: 'Cut this?',
    anchor: { chapter: 2, quote: 'It rained.' },
    onDeletedText: true,
  }),
  thread({ id: 't3', body: 'Fixed typo', resolved: true, resolvedBy: ada, resolvedAt: at }),
];

function Harness({ permissions }: { permissions: CommentPermissions }) {
  const comments = useLiveComments({
    bookId: 'b1',
    editor: undefined,
    mayComment: permissions.mayComment,
    writesText: false,
    whenSaved: () => Promise.resolve(true),
  });
  return <CommentsPanel bookId="b1" comments={comments} permissions={permissions} />;
}

function renderPanel(permissions: CommentPermissions) {
  const calls = mockFetch({
    'GET /book/b1/comments': () => ({ status: 200, body: threads }),
    'PATCH /book/b1/comments/t1': () => ({
      status: 200,
      body: { ...threads[0], resolved: true, resolvedBy: ada, resolvedAt: at },
    }),
  });
  render(
    <Provider store={makeStore()}>
      <Harness permissions={permissions} />
    </Provider>,
  );
  return calls;
}

const cards = () => screen.getAllByTestId('comment-thread');

describe('the Comments panel', () => {
  it('lists the open threads first and the resolved ones folded away, each with its quote, author and replies', async () => {
    renderPanel({ selfUserId: ada.id, mayComment: true, mayResolve: true });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const open = screen.getByRole('list', { name: 'Open (2)' });
    expect(
      within(open)
        .getAllByTestId('comment-thread')
        .map((card) => card.dataset['threadId']),
    ).toEqual(['t1', 't2']);
    const first = cards()[0]!;
    expect(within(first).getByRole('button', { name: 'Show in the text: The cat sat.' })).toBeTruthy();
    expect(within(first).getByText('Carl Commenter')).toBeTruthy();
    expect(within(first).getByTestId('comment-reply').textContent).toContain('Yes, it is.');
    // The server says t2's quote is gone (no editor here to say otherwise).
    expect(within(cards()[1]!).getByText('On deleted text')).toBeTruthy();
    const resolved = screen.getByTestId('resolved-threads') as HTMLDetailsElement;
    expect(resolved.open).toBe(false);
    expect(within(resolved).getByText('Resolved by Ada Lovelace')).toBeTruthy();
  });

  it('lets the owner resolve anyone’s thread and edit or delete only their own words', async () => {
    const calls = renderPanel({ selfUserId: ada.id, mayComment: true, mayResolve: true });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const first = cards()[0]!;
    // Carl's comment: no Edit for Ada; her own reply: Edit and Delete.
    expect(within(first).queryByRole('button', { name: /^Edit: Is this/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Edit: Yes, it is.' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Delete: Yes, it is.' })).toBeTruthy();
    await userEvent.click(within(first).getByRole('button', { name: 'Resolve: The cat sat.' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ resolved: true });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Open (1)' })).toBeTruthy());
  });

  it('gives a commenter replies and their own edits, but no resolving', async () => {
    renderPanel({ selfUserId: carl.id, mayComment: true, mayResolve: false });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(within(cards()[0]!).getByRole('textbox', { name: 'Reply to Carl Commenter' })).toBeTruthy();
    expect(within(cards()[0]!).getByRole('button', { name: 'Edit: Is this needed?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Comment on the selected text/ })).toBeTruthy();
  });

  it('shows a viewer the threads without a way to write in them', async () => {
    renderPanel({ selfUserId: 'u-vera', mayComment: false, mayResolve: false });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByText('Viewers can read the comments but not add them.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Comment on the selected text/ })).toBeNull();
  });
});

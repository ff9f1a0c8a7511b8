import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookRole } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

// An invitee without a plan of their own: on someone else's book the role decides, not their plan.
const noPlan = { ...starterUser, accountType: 'null', booksLeftThisMonth: 0, nextBillingDate: null };

function openAs(role: BookRole, user: object = noPlan) {
  const book = makeBook({
    _id: 'b1',
    title: 'The Keeper of Letters',
    status: 'ready',
    role,
    ownerName: 'Grace Hopper',
    bookContent: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'It was a quiet night.' }] }],
    }),
  });
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: [summary(book)] }),
    'GET /book/b1': () => ({ status: 200, body: book }),
  });
  return { calls, ...renderApp('/app/edit/b1') };
}

describe('the editor of a shared book', () => {
  it.each([
    ['viewer', "You're a viewer on this book: you can read it but not change it."],
    ['commenter', "You're a commenter on this book: you can read it and comment, but not change it."],
    [
      'editor',
      "You're an editor on this book: you can comment, and your changes to the text are suggestions the owner and co-authors accept or reject.",
    ],
  ] as const)('opens read-only for a %s, with a banner that says why', async (role, text) => {
    openAs(role);
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('false');
    expect(screen.getByTestId('role-banner').textContent).toBe(text);
    expect(screen.getByText('Shared by Grace Hopper')).toBeTruthy();
    // Not the no-plan banner: the invitee's own plan has nothing to do with someone else's book.
    expect(screen.queryByTestId('read-only')).toBeNull();
    expect(screen.queryByRole('region', { name: 'No plan' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // History for all; no export, AI, cover, translate or trash; "People" instead of "Share".
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'People' })).toBeTruthy();
    for (const name of ['Export', 'Rewrite', 'Translate', 'Generate Cover', 'Move to trash'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows the details read-only to a viewer, with no save and no AI', async () => {
    openAs('viewer');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show book details' }));
    await user.click(await screen.findByRole('tab', { name: 'Metadata' }));
    const form = screen.getByRole('form', { name: 'Book metadata' });
    expect(within(form).getByRole('textbox', { name: /Title/ }).matches(':disabled')).toBe(true);
    for (const name of [/Save/, /Suggest/, /Choose a plan/])
      expect(within(form).queryByRole('button', { name })).toBeNull();
  });

  it('lets a co-author without a plan of their own edit, export and use the AI, but not share or trash', async () => {
    const { calls } = openAs('coauthor');
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('true');
    expect(screen.queryByTestId('role-banner')).toBeNull();
    expect(screen.queryByTestId('read-only')).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    for (const name of ['Export', 'History', 'Translate', 'Rewrite', 'People'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('keeps one’s own book as before: editable with a plan, read-only without one', async () => {
    openAs('owner', starterUser);
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('true');
    expect(screen.queryByTestId('role-banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move to trash' })).toBeTruthy();
  });
});

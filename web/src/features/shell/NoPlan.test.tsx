import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBook, starterUser, summary } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../test/utils';

resetAfterEach();

const lapsed = { ...starterUser, accountType: 'null', booksLeftThisMonth: 0, nextBillingDate: null };
const ready = makeBook({
  _id: 'b1',
  title: 'The Keeper of Letters',
  status: 'ready',
  bookContent: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'It was a quiet night.' }] }],
  }),
});
const failed = makeBook({
  _id: 'f1',
  title: 'Broken',
  status: 'failed',
  failure: { step: 'writing', reason: 'The writer gave up.', at: '2026-03-01T10:00:00.000Z' },
});

function openAs(path: string, user: object = lapsed) {
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: user }),
    'GET /book': () => ({ status: 200, body: [summary(ready), summary(failed)] }),
    'GET /book/b1': () => ({ status: 200, body: ready }),
    'GET /book/b1/revisions': () => ({
      status: 200,
      body: [{ id: 'r1', name: 'As written', createdAt: '2026-11-22T09:00:00.000Z', wordCount: 5 }],
    }),
    'GET /book/b1/revisions/r1': () => ({
      status: 200,
      body: {
        id: 'r1',
        name: 'As written',
        createdAt: '2026-11-22T09:00:00.000Z',
        wordCount: 5,
        bookContent: ready.bookContent,
      },
    }),
  });
  return { calls, ...renderApp(path) };
}

describe('an account without a plan', () => {
  it('sees its library, not the pricing page, with a banner pointing to the plans', async () => {
    openAs('/app');
    expect(await screen.findByRole('heading', { name: 'Your library' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
    expect(screen.getAllByTestId('library-book')).toHaveLength(2);
    const banner = screen.getByRole('region', { name: 'No plan' });
    expect(
      within(banner).getByRole('link', { name: 'Choose a plan to edit and write books' }).getAttribute('href'),
    ).toBe('/app/plans');
    // No prompt box: a new book needs a plan, and says so.
    expect(screen.queryByLabelText('What will your next book be about?')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a plan to write your next book' })).toBeTruthy();
    // A ready book still opens.
    expect(within(screen.getAllByTestId('library-book')[0]!).getByRole('link').getAttribute('href')).toBe(
      '/app/edit/b1',
    );
  });

  it('reaches the plans page from the banner, inside the app', async () => {
    const { router } = openAs('/app');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Choose a plan to edit and write books' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a plan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/plans');
    expect(screen.getAllByRole('button', { name: /Get Started/ })).toHaveLength(2);
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No plan' })).toBeNull();
  });

  it('is led to the plans by actions that need one: translate and retry', async () => {
    const { router, calls } = openAs('/app');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book actions: The Keeper of Letters' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Translate (Needs a plan)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    await router.navigate('/app');
    const card = (await screen.findAllByTestId('library-book'))[1]!;
    expect(within(card).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/app/plans');
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('opens a book read-only: no toolbar, no Save, a banner; AI actions lead to the plans', async () => {
    const { router, calls } = openAs('/app/edit/b1');
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('false');
    expect(manuscript.getAttribute('aria-readonly')).toBe('true');
    // Still focusable, so the keyboard can scroll the text.
    expect(manuscript.getAttribute('tabindex')).toBe('0');
    expect(manuscript.textContent).toContain('It was a quiet night.');
    expect(screen.getByTestId('read-only').textContent).toBe(
      'This book is read-only without a plan. You can read and export it.',
    );
    expect(screen.getByRole('link', { name: 'Choose a plan to edit and write books' })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // Export stays.
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('is led to the plans by "Suggest with AI" in the metadata', async () => {
    const { router, calls } = openAs('/app/edit/b1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show book details' }));
    await user.click(await screen.findByRole('tab', { name: 'Metadata' }));
    await user.click(await screen.findByRole('button', { name: 'Suggest with AI' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('reads the history but neither saves nor restores a version: those lead to the plans', async () => {
    const { router, calls } = openAs('/app/edit/b1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    await user.click(await within(dialog).findByRole('button', { name: /As written/ }));
    expect(await within(dialog).findByTestId('revision-diff')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save a version' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Name (optional)' })).toBeNull();
    expect(within(dialog).getByText('Saving and restoring versions needs a plan.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'See the plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('shows the metadata read-only; its save leads to the plans', async () => {
    const { router, calls } = openAs('/app/edit/b1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show book details' }));
    await user.click(await screen.findByRole('tab', { name: 'Metadata' }));
    const form = screen.getByRole('form', { name: 'Book metadata' });
    // Inside a disabled fieldset: no field takes input (the disabled property reflects only its own attribute).
    expect(within(form).getByRole('textbox', { name: /Title/ }).matches(':disabled')).toBe(true);
    // The description is a rich-text field (contenteditable): read-only, it takes no input and says so.
    const description = within(form).getByRole('textbox', { name: /Description/ });
    expect(description.getAttribute('contenteditable')).toBe('false');
    expect(description.getAttribute('aria-readonly')).toBe('true');
    expect(within(form).queryByRole('button', { name: 'Save metadata' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Choose a plan to edit the details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('leads to the plans from the cover button, which would apply a cover', async () => {
    const { router, calls } = openAs('/app/edit/b1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Generate Cover' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('with a plan, the editor stays editable and shows no banner', async () => {
    openAs('/app/edit/b1', starterUser);
    const manuscript = await screen.findByRole('textbox', { name: 'Manuscript' });
    expect(manuscript.getAttribute('contenteditable')).toBe('true');
    expect(screen.queryByTestId('read-only')).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' });
    expect(within(dialog).getByRole('button', { name: 'Save a version' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Restore this version' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'See the plans' })).toBeNull();
  });
});

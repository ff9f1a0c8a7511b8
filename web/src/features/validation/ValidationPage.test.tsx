import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Book, BookState, FictionBookState, NonFictionBookState } from '@bookwright/contracts/http';
import { shortNonFictionPlan } from '@bookwright/contracts/testing';
import { makeBook, starterUser } from '../../test/books';
import { mockFetch, renderApp, resetAfterEach, type FakeCall } from '../../test/utils';

resetAfterEach();

function openReview(
  book: Book = makeBook(),
  answer?: (call: FakeCall) => { status: number; body?: unknown },
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  let current = book;
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: [current] }),
    [`GET /book/${book._id}`]: () => ({ status: 200, body: current }),
    [`PATCH /book/${book._id}`]:
      answer ??
      ((call) => {
        current = { ...current, bookState: (call.body as { newBookState: BookState }).newBookState };
        return { status: 200, body: current };
      }),
    [`PATCH /agent/write/${book._id}`]: () => {
      current = { ...current, status: 'writing' };
      return { status: 200, body: current };
    },
    ...extra,
  });
  const view = renderApp(`/app/${book._id}`);
  const saves = () =>
    calls
      .filter((c) => c.method === 'PATCH' && c.url === `/book/${book._id}`)
      .map((c) => (c.body as { newBookState: BookState }).newBookState);
  return { calls, saves, ...view };
}

describe('structure review', () => {
  it('shows the fiction tabs and every concept field', async () => {
    openReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Keeper of Letters' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Concept', 'Characters', 'Plot']);
    for (const label of [
      'Sub-genre',
      'Emotional tone',
      'Central conflict',
      'Narrative style',
      'Setting',
      'Time period',
      'Cultural context',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    // The page's own badge (the sidebar's library list may show the book's badge too, once it has loaded).
    expect(within(screen.getByRole('main')).getByText('Action needed')).toBeTruthy();
  });

  it('saves a field when it is left, not per keystroke, and says nothing when the save works', async () => {
    const { saves } = openReview();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Sub-genre');
    await user.clear(field);
    await user.type(field, 'Cosy mystery');
    expect(saves()).toHaveLength(0);
    await user.tab();
    await waitFor(() => expect(saves()).toHaveLength(1));
    await screen.findByText('Every change is saved as you make it.');
    // An autosave that works raises no notification (issue 20: one per edit hid the Confirm button).
    expect(screen.queryByText('Saved successfully!')).toBeNull();
    const saved = saves()[0] as FictionBookState;
    expect(saved.expandedIdea.subGenre).toBe('Cosy mystery');
    // The whole structure travels, untouched elsewhere.
    expect(saved.characters).toHaveLength(2);
    expect(saved.plotOutline.acts).toHaveLength(2);
    // Leaving it again without a change sends nothing.
    await user.click(field);
    await user.tab();
    expect(saves()).toHaveLength(1);
  });

  it('adds list items trimmed, ignores empty ones, and removes items', async () => {
    const { saves } = openReview();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('New theme');
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add theme' }));
    expect(saves()).toHaveLength(0);

    await user.type(input, '  Lighthouses  {Enter}');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0] as FictionBookState).expandedIdea.themes).toEqual(['Memory', 'Loss', 'Lighthouses']);
    expect(await screen.findByRole('button', { name: 'Remove theme Lighthouses' })).toBeTruthy();

    // A theme already there, in another case or with space around it, is not added again.
    await user.type(input, ' memory {Enter}');
    await user.type(input, 'LIGHTHOUSES{Enter}');
    expect(saves()).toHaveLength(1);
    expect((input as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Remove theme Memory' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect((saves()[1] as FictionBookState).expandedIdea.themes).toEqual(['Loss', 'Lighthouses']);
  });

  it('adds and removes characters and chapters, renumbering chapters through the book', async () => {
    const { saves } = openReview();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Characters' }));
    await user.click(screen.getByRole('button', { name: 'Add character' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0] as FictionBookState).characters).toHaveLength(3);
    // The new character's name field has the focus; naming it saves.
    await user.keyboard('Iris');
    await user.tab();
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect((saves()[1] as FictionBookState).characters[2]?.name).toBe('Iris');
    await user.click(screen.getByRole('button', { name: 'Remove character Jonah' }));
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect((saves()[2] as FictionBookState).characters.map((c) => c.name)).toEqual(['Mara', 'Iris']);

    await user.click(screen.getByRole('tab', { name: 'Plot' }));
    await user.click(screen.getByRole('button', { name: 'Remove chapter 1: Night Watch' }));
    await waitFor(() => expect(saves()).toHaveLength(4));
    let acts = (saves()[3] as FictionBookState).plotOutline.acts;
    expect(acts.flatMap((a) => a.chapters.map((c) => [c.chapterNumber, c.title]))).toEqual([
      [1, 'The Letter'],
      [2, 'Morning'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Add chapter to Act 1' }));
    await waitFor(() => expect(saves()).toHaveLength(5));
    acts = (saves()[4] as FictionBookState).plotOutline.acts;
    expect(acts.flatMap((a) => a.chapters.map((c) => c.chapterNumber))).toEqual([1, 2, 3]);
    expect(acts[0]?.chapters[1]).toEqual({ chapterNumber: 2, title: '', purpose: '', summary: '' });
  });

  it('puts the saved value back and says so when a save fails', async () => {
    openReview(makeBook(), () => ({ status: 503 }));
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Emotional tone');
    await user.clear(field);
    await user.type(field, 'Grim{Enter}');
    expect(await screen.findByText('Error while saving. Please try again')).toBeTruthy();
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('Calm and curious'));
  });

  it("shows the server's message when it refuses a change", async () => {
    openReview(makeBook(), () => ({ status: 400, body: { msg: 'Sub-genre is too long' } }));
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Sub-genre');
    await user.clear(field);
    await user.type(field, 'Grim{Enter}');
    expect(await screen.findByText('Sub-genre is too long')).toBeTruthy();
  });

  it('edits the non-fiction shape: research topics and content outline', async () => {
    const { saves } = openReview(
      makeBook({ _id: 'nf', genre: 'cooking', bookType: 'non-fiction', bookState: shortNonFictionPlan() }),
    );
    const user = userEvent.setup();
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Concept', 'Research', 'Content']);
    expect(screen.getByLabelText('New key topic')).toBeTruthy();
    expect(screen.getByLabelText('New learning objective')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Research' }));
    const topic = screen.getAllByTestId('topic')[0]!;
    await user.type(within(topic).getByLabelText('New tag'), 'microbes{Enter}');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0] as NonFictionBookState).researches.topics[0]?.tags).toEqual(['science', 'microbes']);
    await user.click(screen.getByRole('button', { name: 'Add topic' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect((saves()[1] as NonFictionBookState).researches.topics).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.type(screen.getByLabelText('New key point'), ' Warm water {Enter}');
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect((saves()[2] as NonFictionBookState).contentOutline.sections[0]?.chapters[0]?.keyPoints).toEqual([
      'Use rye',
      'Warm water',
    ]);
  });

  it('confirms the structure, with the spec toast, and goes back to the library', async () => {
    const { calls, router } = openReview();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Confirm and start writing' }))[0]!);
    expect(
      await screen.findByText(
        'Success! When the book is ready you will see it in your library! It can take up to 30 minutes',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(calls.some((c) => c.method === 'PATCH' && c.url === '/agent/write/b1')).toBe(true);
  });

  it('shows a viewer the plan read-only: a banner saying why, disabled fields and nothing to confirm', async () => {
    const { calls } = openReview(makeBook({ role: 'viewer', ownerName: 'Ada Lovelace' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Keeper of Letters' })).toBeTruthy();
    expect(screen.getByTestId('role-banner')).toBeTruthy();
    expect(screen.getByLabelText('Setting').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Confirm and start writing' })).toBeNull();
    // Writing is not theirs to start: no word of how long it takes.
    expect(screen.queryByText(/Writing takes up to 30 minutes/)).toBeNull();
    // The controls that only change the plan are inside the disabled fieldset, which hides them (CSS).
    const addTheme = screen.getByRole('button', { name: 'Add theme' });
    expect(addTheme.matches(':disabled')).toBe(true);
    expect(addTheme.closest('div')?.className).toContain('in-[fieldset:disabled]:hidden');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('leads an account without a plan to the plans instead of confirming', async () => {
    const lapsed = { ...starterUser, accountType: 'null', booksLeftThisMonth: 0, nextBillingDate: null };
    const { calls, router } = openReview(makeBook(), undefined, {
      'GET /user/current-user': () => ({ status: 200, body: lapsed }),
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Confirm and start writing' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.url === '/agent/write/b1')).toBe(false);
  });

  it('leads to the plans when the plan ended while the page was open (402)', async () => {
    const { calls, router } = openReview(makeBook(), undefined, {
      'PATCH /agent/write/b1': () => ({
        status: 402,
        body: { msg: 'Upgrade to a pro or enterprise plan to access this feature' },
      }),
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Confirm and start writing' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(calls.some((c) => c.method === 'PATCH' && c.url === '/agent/write/b1')).toBe(true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BookSearchAnswer } from '@bookwright/contracts/http';
import { makeBook, starterUser, summary } from '../../../../test/books';
import { mockFetch, renderApp, resetAfterEach } from '../../../../test/utils';

resetAfterEach();

const library = [
  makeBook({ _id: 'r', title: 'The Harbour', status: 'ready' }),
  makeBook({ _id: 'w', title: 'Storm Season', status: 'writing' }),
];

const passage = 'It was then that Zoë opened the letter';
const found: BookSearchAnswer = {
  results: [
    {
      bookId: 'r',
      title: 'The Harbour',
      status: 'ready',
      titleMatch: null,
      chapterMatches: 7,
      matches: [
        { chapter: 2, chapterTitle: 'The Letter', passage, start: 17, end: 20 },
        { chapter: 4, chapterTitle: null, passage: '…and Zoë left.', start: 5, end: 8 },
      ],
    },
    {
      bookId: 'w',
      title: 'Storm Season',
      status: 'writing',
      titleMatch: null,
      chapterMatches: 1,
      matches: [{ chapter: 0, chapterTitle: 'Wind', passage: 'Zoe ran.', start: 0, end: 3 }],
    },
  ],
  truncated: false,
};

function openHome(answers: Record<string, BookSearchAnswer>) {
  const routes = Object.fromEntries(
    Object.entries(answers).map(([q, body]) => [
      `GET /book/search?q=${encodeURIComponent(q)}`,
      () => ({ status: 200, body }),
    ]),
  );
  const calls = mockFetch({
    'GET /user/current-user': () => ({ status: 200, body: starterUser }),
    'GET /book': () => ({ status: 200, body: library.map(summary) }),
    ...routes,
  });
  renderApp('/app');
  return calls;
}

async function typeInSearch(text: string) {
  const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
  await waitFor(() => expect(within(sidebar).getAllByRole('listitem').length).toBeGreaterThan(0));
  await userEvent.setup().type(within(sidebar).getByRole('searchbox', { name: 'Search books' }), text);
  return sidebar;
}

describe('the sidebar search in the manuscripts', () => {
  it('shows the books whose text mentions the query, each passage with its chapter and the match marked', async () => {
    const calls = openHome({ zoe: found });
    const sidebar = await typeInSearch('zoe');

    const group = within(sidebar).getByRole('group', { name: 'IN THE MANUSCRIPTS' });
    expect(within(group).getByRole('status').textContent).toBe('Searching the manuscripts…');
    const list = await within(group).findByRole('list', { name: 'IN THE MANUSCRIPTS' });
    const [harbour, storm] = within(list).getAllByRole('listitem');

    // The title opens the book at its first passage; each passage opens the editor at it.
    const [title, letter, before] = within(harbour!).getAllByRole('link');
    expect(title!.textContent).toBe('The Harbour');
    expect(title!.getAttribute('href')).toBe('/app/edit/r?chapter=2&q=zoe');
    expect(letter!.textContent).toContain('The Letter');
    expect(letter!.getAttribute('href')).toBe('/app/edit/r?chapter=2&q=zoe');
    expect(before!.textContent).toContain('Before the first chapter');
    expect(before!.getAttribute('href')).toBe('/app/edit/r?chapter=4&q=zoe');
    expect(harbour!.textContent).toContain('in 7 chapters');
    expect([...harbour!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Zoë', 'Zoë']);
    expect(harbour!.textContent).toContain(passage);
    // A book still being written opens nothing, as in the library.
    expect(within(storm!).queryByRole('link')).toBeNull();
    expect(within(sidebar).getByRole('group', { name: 'YOUR LIBRARY' }).textContent).toContain(
      'No titles match “zoe”.',
    );
    // Asked once, for what the field held when the author paused.
    expect(calls.filter((call) => call.url.startsWith('/book/search')).map((call) => call.url)).toEqual([
      '/book/search?q=zoe',
    ]);
  });

  it('says no book matches when neither a title nor a manuscript does', async () => {
    openHome({ quixote: { results: [], truncated: false } });
    const sidebar = await typeInSearch('quixote');
    const library = within(sidebar).getByRole('group', { name: 'YOUR LIBRARY' });
    expect(await within(library).findByText('No books match “quixote”.')).toBeTruthy();
    expect(within(sidebar).queryByRole('group', { name: 'IN THE MANUSCRIPTS' })).toBeNull();
  });

  it('keeps the title matches and says so when the text mentions it nowhere', async () => {
    openHome({ harbour: { results: [{ ...found.results[0]!, chapterMatches: 0, matches: [] }], truncated: false } });
    const sidebar = await typeInSearch('harbour');
    const group = within(sidebar).getByRole('group', { name: 'IN THE MANUSCRIPTS' });
    expect(await within(group).findByText('No manuscript mentions “harbour”.')).toBeTruthy();
    expect(within(sidebar).getByRole('group', { name: 'YOUR LIBRARY' }).textContent).toContain('The Harbour');
  });
});

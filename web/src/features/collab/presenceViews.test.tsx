import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChapterList } from './ChapterList';
import { peopleInBook } from './presence';
import { presenceColorOf } from './presenceColors';
import { PresenceAvatars } from './PresenceAvatars';

afterEach(cleanup);

const peopleNamed = (...names: string[]) =>
  peopleInBook(new Map(names.map((name, i) => [i + 1, { user: { id: `u-${i}`, name, color: '' } }])), undefined);

describe('the avatars of the people in a live book', () => {
  it('show each person’s initials in their colour, named for screen readers', () => {
    render(<PresenceAvatars people={peopleNamed('Ada Lovelace', 'Grace Hopper')} />);
    const list = screen.getByRole('list', { name: 'People in this book' });
    const avatars = within(list).getAllByRole('img');
    expect(avatars.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Ada Lovelace is in this book',
      'Grace Hopper is in this book',
    ]);
    expect(avatars.map((a) => a.textContent)).toEqual(['AL', 'GH']);
    expect(avatars[0]!.dataset['userId']).toBe('u-0');
    expect(avatars[0]!.style.getPropertyValue('--presence-light')).toBe(presenceColorOf('u-0').light);
  });

  it('fold the people past four into one, which names them', () => {
    render(<PresenceAvatars people={peopleNamed('A a', 'B b', 'C c', 'D d', 'E e', 'F f')} />);
    expect(screen.getAllByTestId('presence-avatar')).toHaveLength(4);
    expect(screen.getByTestId('presence-more').getAttribute('aria-label')).toBe('2 more: E e, F f');
    cleanup();
    render(<PresenceAvatars people={peopleNamed('A a', 'B b', 'C c', 'D d', 'E e')} />);
    expect(screen.getAllByTestId('presence-avatar')).toHaveLength(5);
    expect(screen.queryByTestId('presence-more')).toBeNull();
  });

  it('show nothing while the reader is alone', () => {
    const { container } = render(<PresenceAvatars people={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('the chapter list of a live book', () => {
  it('marks where each person is, and takes the reader to a chapter', async () => {
    const people = peopleNamed('Ada Lovelace', 'Grace Hopper');
    const onGoTo = vi.fn();
    render(
      <ChapterList
        people={people}
        onGoTo={onGoTo}
        presence={{
          outline: [
            { number: 1, title: null, from: 0 },
            { number: 2, title: 'The Storm', from: 40 },
          ],
          byChapter: new Map([[2, ['u-0', 'u-1']]]),
        }}
      />,
    );
    const chapters = within(screen.getByRole('navigation', { name: 'Chapters' })).getAllByRole('listitem');
    expect(within(chapters[0]!).queryAllByTestId('chapter-presence')).toHaveLength(0);
    expect(
      within(chapters[1]!)
        .getAllByRole('img')
        .map((dot) => dot.getAttribute('aria-label')),
    ).toEqual(['Ada Lovelace is here', 'Grace Hopper is here']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to chapter 2: The Storm' }));
    expect(onGoTo).toHaveBeenCalledWith(40);
    expect(screen.getByRole('button', { name: 'Go to chapter 1: Untitled' })).toBeTruthy();
  });

  it('claims no chapters before the editor shows the server’s document', () => {
    render(<ChapterList people={[]} onGoTo={vi.fn()} presence={{ outline: undefined, byChapter: new Map() }} />);
    expect(screen.getByTestId('chapter-list-opening').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/no chapters yet/)).toBeNull();
  });

  it('says how to start a chapter when there is none', () => {
    render(<ChapterList people={[]} onGoTo={vi.fn()} presence={{ outline: [], byChapter: new Map() }} />);
    expect(screen.getByText('The manuscript has no chapters yet. A Heading 1 starts one.')).toBeTruthy();
  });
});

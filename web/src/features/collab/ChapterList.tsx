import type { CSSProperties } from 'react';
import { collabTexts } from './texts';
import type { ChapterPresence } from './usePresence';
import type { PresentPerson } from './presence';
import { presenceVariables } from './presenceColors';
import './presence.css';

/**
 * A live book's chapters (its level-1 headings), each with a dot in the colour of every person whose caret
 * is in it; choosing one moves the reader's caret there.
 */
export function ChapterList({
  presence,
  people,
  onGoTo,
}: {
  presence: ChapterPresence;
  people: readonly PresentPerson[];
  onGoTo: (position: number) => void;
}) {
  // Before the first sync the editor holds nothing yet: "no chapters" would be untrue (issue 44). The page
  // already says the book is opening, in the editor's place.
  if (presence.outline === undefined) return <div aria-busy="true" data-testid="chapter-list-opening" />;
  if (presence.outline.length === 0) return <p className="text-sm text-stone-600">{collabTexts.noChapters}</p>;
  const byId = new Map(people.map((person) => [person.userId, person]));
  return (
    <nav aria-label={collabTexts.chapters}>
      <ol className="space-y-0.5" data-testid="chapter-list">
        {presence.outline.map((chapter) => {
          const title = chapter.title ?? collabTexts.untitledChapter;
          const here = (presence.byChapter.get(chapter.number) ?? [])
            .map((id) => byId.get(id))
            .filter((person) => person !== undefined);
          return (
            <li key={chapter.number} className="flex items-center gap-2" data-testid="chapter-entry">
              <button
                type="button"
                onClick={() => onGoTo(chapter.from)}
                aria-label={collabTexts.goToChapter(chapter.number, title)}
                className="min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-sm text-stone-800 hover:bg-stone-100"
              >
                <span className="mr-1.5 font-semibold text-brass-700 tabular-nums">{chapter.number}.</span>
                {title}
              </button>
              {here.length > 0 && (
                <span className="flex shrink-0 items-center gap-1 pr-1">
                  {here.map((person) => (
                    <span
                      key={person.userId}
                      role="img"
                      aria-label={collabTexts.personInChapter(person.name)}
                      title={person.name}
                      data-testid="chapter-presence"
                      data-user-id={person.userId}
                      style={presenceVariables(person.color) as CSSProperties}
                      className="presence presence-dot size-2.5 rounded-full"
                    />
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import type { CSSProperties } from 'react';
import { collabTexts } from './texts';
import type { PresentPerson } from './presence';
import { presenceVariables } from './presenceColors';
import './presence.css';

/** More than this many people fold into one "+n" avatar. */
const shownAvatars = 4;

/**
 * The other people in the book, in the editor's header: their initials in their colour, their names as the
 * avatars' accessible names and tooltips. Nothing while the reader is alone.
 */
export function PresenceAvatars({ people }: { people: readonly PresentPerson[] }) {
  if (people.length === 0) return null;
  const shown = people.length > shownAvatars + 1 ? people.slice(0, shownAvatars) : people;
  const folded = people.slice(shown.length);
  return (
    <ul
      aria-label={collabTexts.peopleHere}
      data-testid="presence-avatars"
      className="mr-1 flex items-center -space-x-1.5"
    >
      {shown.map((person) => (
        <li key={person.userId} className="flex">
          <span
            role="img"
            aria-label={collabTexts.personHere(person.name)}
            title={person.name}
            data-testid="presence-avatar"
            data-user-id={person.userId}
            style={presenceVariables(person.color) as CSSProperties}
            className="presence presence-avatar flex size-8 items-center justify-center rounded-full text-xs font-semibold ring-2 ring-white select-none"
          >
            {person.initials}
          </span>
        </li>
      ))}
      {folded.length > 0 && (
        <li className="flex">
          <span
            role="img"
            aria-label={collabTexts.more(
              folded.length,
              folded.map((person) => person.name),
            )}
            title={folded.map((person) => person.name).join(', ')}
            data-testid="presence-more"
            className="flex size-8 items-center justify-center rounded-full bg-stone-200 text-xs font-semibold text-stone-800 ring-2 ring-white select-none"
          >
            +{folded.length}
          </span>
        </li>
      )}
    </ul>
  );
}

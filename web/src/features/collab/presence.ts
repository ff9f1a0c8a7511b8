import { presenceColorOf, type PresenceColor } from './presenceColors';

/** What each page puts in its awareness state (y-tiptap adds `cursor`). */
export interface PresenceUser {
  id: string;
  name: string;
  /** The person's colour in the light theme (#rrggbb), which y-tiptap expects; pages draw from the id. */
  color: string;
}

/** A Yjs relative position as awareness carries it (JSON). */
export type RelativePositionJson = Record<string, unknown>;

export interface PresenceCursor {
  anchor: RelativePositionJson;
  head: RelativePositionJson;
}

/** One person in the book, however many pages they have open. */
export interface PresentPerson {
  userId: string;
  name: string;
  initials: string;
  /** Their colour (by their user id). */
  color: PresenceColor;
  /** Their pages' awareness clients. */
  clientIds: number[];
  /** Where their carets are (a page whose editor has no focus has none). */
  cursors: PresenceCursor[];
}

/** Names come from other pages: kept to what a label can show. */
const maxNameLength = 80;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An awareness state's person, when it names one; anything else (a page still starting, a stranger) is none. */
export function presenceUserOf(state: unknown): PresenceUser | undefined {
  if (!isRecord(state) || !isRecord(state['user'])) return undefined;
  const { id, name, color } = state['user'];
  if (typeof id !== 'string' || !id || typeof name !== 'string') return undefined;
  const trimmed = name.trim().slice(0, maxNameLength);
  return { id, name: trimmed || id, color: typeof color === 'string' ? color : '' };
}

function cursorOf(state: unknown): PresenceCursor | undefined {
  if (!isRecord(state) || !isRecord(state['cursor'])) return undefined;
  const { anchor, head } = state['cursor'];
  return isRecord(anchor) && isRecord(head) ? { anchor, head } : undefined;
}

/** "Ada Lovelace" → "AL", "grace" → "G"; the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words.at(-1)!)[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/**
 * The people in the book from the awareness states (client id → state), without the reader (all of their
 * own pages): one entry per person, their carets from all their pages, in the order of their names.
 */
export function peopleInBook(states: ReadonlyMap<number, unknown>, selfUserId: string | undefined): PresentPerson[] {
  const people = new Map<string, PresentPerson>();
  for (const [clientId, state] of states) {
    const user = presenceUserOf(state);
    if (!user || user.id === selfUserId) continue;
    let person = people.get(user.id);
    if (!person) {
      person = {
        userId: user.id,
        name: user.name,
        initials: initialsOf(user.name),
        color: presenceColorOf(user.id),
        clientIds: [],
        cursors: [],
      };
      people.set(user.id, person);
    }
    person.clientIds.push(clientId);
    const cursor = cursorOf(state);
    if (cursor) person.cursors.push(cursor);
  }
  return [...people.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }) || a.userId.localeCompare(b.userId),
  );
}

/*
 * Who made a suggestion, and when: its id says (decision 0043). The suggestion marks carry only an `id`,
 * which travels with the mark everywhere, so a page suggesting makes it `<userId>~<time>~<random>` (time in
 * base-36 epoch milliseconds). A suggestion that came from outside, from a Word file's tracked change (issue
 * 46), has no user: its id is `outside:<the Word author's name, URI-encoded>~<time>~<random>`, so the
 * author's name travels with it as a member's id does, and no id of a person on Bookwright ever starts with
 * `outside:` (user ids are UUIDs).
 */

const separator = '~';
const outsidePrefix = 'outside:';

/** A suggestion's author: a person on the book by user id, or a name from outside (a Word reviewer). */
export type SuggestionAuthor =
  | { kind: 'member'; userId: string; at: number | undefined }
  | { kind: 'outside'; name: string; at: number | undefined };

/**
 * The author an id names; undefined for an id not made this way (the library's own counting numbers).
 * Read from the right, so a user id holding the separator still parses.
 */
export function suggestionAuthor(id: unknown): SuggestionAuthor | undefined {
  if (typeof id !== 'string') return undefined;
  const last = id.lastIndexOf(separator);
  const middle = last > 0 ? id.lastIndexOf(separator, last - 1) : -1;
  if (middle <= 0) return undefined;
  const who = id.slice(0, middle);
  const parsed = parseInt(id.slice(middle + 1, last), 36);
  const at = Number.isFinite(parsed) ? parsed : undefined;
  if (!who.startsWith(outsidePrefix)) return { kind: 'member', userId: who, at };
  try {
    return { kind: 'outside', name: decodeURIComponent(who.slice(outsidePrefix.length)), at };
  } catch {
    return { kind: 'outside', name: who.slice(outsidePrefix.length), at };
  }
}

/** The id of a suggestion by the person `userId` at `at` (epoch ms), as the suggesting page makes it. */
export function memberSuggestionId(userId: string, at: number, random: () => number = Math.random): string {
  return [userId, Math.max(0, Math.round(at)).toString(36), nonceOf(random)].join(separator);
}

/** The id of a suggestion made outside Bookwright by `name` at `at` (epoch ms). */
export function outsideSuggestionId(name: string, at: number, random: () => number = Math.random): string {
  return memberSuggestionId(`${outsidePrefix}${encodeURIComponent(name)}`, at, random);
}

const nonceOf = (random: () => number): string =>
  Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');

/*
 * `@name` mentions in a comment's plain text, read on the server against the people on the book. A member
 * is mentioned by their full name ("@Ada Lovelace") or by their email's local part ("@ada.lovelace"),
 * without regard to case. At each `@` the longest handle that fits wins, so "@Ada Lovelace" is Ada
 * Lovelace even when someone else is called "Ada". An `@` inside a word or an address ("ada@example.com")
 * mentions no one. Two members with the same name are both mentioned.
 */

export interface Mentionable {
  id: string;
  name: string;
  email: string;
}

/** A letter, digit or a character that joins an address or a handle: an `@` after one is not a mention. */
const joinsBefore = /[\p{L}\p{N}_.+-]/u;
/** A handle must end where a word does. */
const continuesWord = /[\p{L}\p{N}_]/u;

/** Longer than any handle (names and local parts are far shorter): how much after an `@` is read. */
const handleWindow = 512;

/** The handles a member answers to, lower-cased: their name (spaces collapsed) and their email's local part. */
function handlesOf(person: Mentionable): string[] {
  const name = person.name.trim().replace(/\s+/gu, ' ');
  const local = person.email.split('@')[0] ?? '';
  return [name, local].filter((handle) => handle.length > 0).map((handle) => handle.toLowerCase());
}

/** The ids of the members the text mentions, each once, in the order first mentioned. */
export function mentionedMembers(text: string, people: readonly Mentionable[]): string[] {
  const handles = people.flatMap((person) => handlesOf(person).map((handle) => ({ handle, id: person.id })));
  const found: string[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at > 0 && joinsBefore.test(text[at - 1]!)) continue;
    const rest = text.slice(at + 1, at + 1 + handleWindow).replace(/\s+/gu, ' ');
    let longest = 0;
    let ids: string[] = [];
    for (const { handle, id } of handles) {
      if (handle.length < longest || rest.slice(0, handle.length).toLowerCase() !== handle) continue;
      const next = rest[handle.length];
      if (next !== undefined && continuesWord.test(next)) continue;
      if (handle.length > longest) [longest, ids] = [handle.length, []];
      ids.push(id);
    }
    for (const id of ids) if (!found.includes(id)) found.push(id);
  }
  return found;
}

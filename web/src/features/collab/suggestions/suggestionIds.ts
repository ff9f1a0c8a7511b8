/**
 * A suggestion's id names its author (decision 0043, docs/architecture.md "Live books"): the suggestion marks
 * of @handlewithcare/prosemirror-suggest-changes carry only an `id`, and the id is the one thing that travels
 * with the mark everywhere. The one reading and making of those ids is @bookwright/manuscript's
 * (`suggestion-authors.ts`): a member's `<userId>~<time>~<random>`, or a Word reviewer's `outside:<name>~…`
 * (issue 46). The name shown for a member is looked up by user id (the book's people, then who is here), so a
 * rename follows; a Word reviewer's name is in the id.
 */
export {
  suggestionAuthor as authorOfSuggestion,
  type SuggestionAuthor,
} from '@bookwright/manuscript/suggestion-authors';
import { memberSuggestionId, suggestionAuthor } from '@bookwright/manuscript/suggestion-authors';

/** A new suggestion's id for the person suggesting on this page. */
export function newSuggestionId(userId: string, now = Date.now(), random: () => number = Math.random): string {
  return memberSuggestionId(userId, now, random);
}

/** The user id of a member's suggestion; undefined for a Word reviewer's or an id not made this way. */
export function suggestionUserId(id: unknown): string | undefined {
  const author = suggestionAuthor(id);
  return author?.kind === 'member' ? author.userId : undefined;
}

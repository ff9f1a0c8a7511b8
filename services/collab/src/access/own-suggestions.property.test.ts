import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { manuscriptFragmentName, memberSuggestionId } from '@bookwright/manuscript';
import { suggestionsOnly } from './suggestions-only';
import { copyOf, mayTake, people, printedBook, randomTurn, sharedBook, turnUpdate, type Person } from './testing-edits';

/*
 * Everyone writing in turns (testing-edits.ts), every update checked as the message guard checks it, for
 * every role that writes: the owner's and the co-author's pages are never refused (whatever they type,
 * suggest, accept or reject), an editor's only where the whole printed book changed; and after each turn,
 * a co-author's update putting new text under the name of someone else always is.
 */

/** New text in a random block's text, marked as someone else's insertion or deletion, written straight into Yjs. */
function forged(live: Y.Doc, block: number, at: number, victim: Person, kind: 'insertion' | 'deletion') {
  const page = copyOf(live);
  const blocks = page.getXmlFragment(manuscriptFragmentName);
  const element = blocks.get(block % blocks.length);
  const text = element instanceof Y.XmlElement ? element.get(0) : undefined;
  if (!(text instanceof Y.XmlText)) return undefined;
  const updates: Uint8Array[] = [];
  page.on('update', (update: Uint8Array) => updates.push(update));
  text.insert(Math.round(at * text.length), 'forged', { [kind]: { id: memberSuggestionId(victim, Date.now()) } });
  return Y.mergeUpdates(updates);
}

describe('suggestions in the name of their writer only, for every role that writes', () => {
  it("refuses no page's update but an editor's that changes the printed book, and every forged suggestion", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(randomTurn, fc.nat(20), fc.double({ min: 0, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom<Person>('ed', 'ada'),
        fc.constantFrom('insertion' as const, 'deletion' as const),
        (turns, victim, kind) => {
          const live = sharedBook();
          const check = suggestionsOnly();
          for (const [turn, block, at] of turns) {
            if (!mayTake(turn)) continue;
            const update = turnUpdate(live, turn);
            if (!update) continue; // an edit the library or ProseMirror cannot make here
            const role = people[turn.who];
            const after = copyOf(live);
            Y.applyUpdate(after, update);
            const problem = check(live, update, turn.who, role);
            if (role !== 'editor' || printedBook(live) === printedBook(after)) expect(problem).toBeUndefined();
            else expect(problem).toMatch(/printed/);
            if (problem === undefined) Y.applyUpdate(live, update);

            const forgery = forged(live, block, at, victim, kind);
            // Its own check: the shadow of the other takes the forgery first, and the document never does.
            if (forgery) expect(suggestionsOnly()(live, forgery, 'cora', 'coauthor')).toMatch(/someone else/);
          }
        },
      ),
      { numRuns: 100 },
    );
    // Many random books through the library: seconds alone, more on a shared machine (not a timing check).
  }, 120_000);
});

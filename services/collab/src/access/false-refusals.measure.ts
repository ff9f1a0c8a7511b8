/*
 * How often the live check (suggestions-only.ts) refuses what a real page sends: random turns of an editor,
 * the owner and a co-author (testing-edits.ts) through the real suggestions plugin, every update checked as
 * the message guard checks it. A refusal of an update that keeps the whole printed book is a false refusal
 * for an editor; any refusal is false for the owner and co-authors (their pages never write in another's
 * name). Not a test (the property tests assert; this counts, with a fixed seed, so that a change to the rule
 * can say what it did to the figures). Run:
 *   npx tsx services/collab/src/access/false-refusals.measure.ts
 */
import fc from 'fast-check';
import * as Y from 'yjs';
import type { BookRole } from '@bookwright/contracts/http';
import { suggestionsOnly } from './suggestions-only';
import { copyOf, mayTake, people, printedBook, randomTurn, sharedBook, turnUpdate } from './testing-edits';

interface Count {
  updates: number;
  refused: number;
  falselyRefused: number;
}
const counts = new Map<BookRole, Count>();

for (const turns of fc.sample(fc.array(randomTurn, { minLength: 1, maxLength: 10 }), { numRuns: 300, seed: 44 })) {
  const live = sharedBook();
  const check = suggestionsOnly();
  for (const turn of turns.filter(mayTake)) {
    const role = people[turn.who];
    const update = turnUpdate(live, turn);
    if (!update) continue; // an edit the library or ProseMirror cannot make here
    const after = copyOf(live);
    Y.applyUpdate(after, update);
    const keepsPrinted = printedBook(live) === printedBook(after);
    const problem = check(live, update, turn.who, role);
    const count = counts.get(role) ?? { updates: 0, refused: 0, falselyRefused: 0 };
    count.updates += 1;
    if (problem !== undefined) {
      count.refused += 1;
      if (role !== 'editor' || keepsPrinted) {
        count.falselyRefused += 1;
        process.stdout.write(`  ${role} refused (${problem}): ${JSON.stringify(turn)}\n`);
      }
    }
    counts.set(role, count);
    if (problem === undefined) Y.applyUpdate(live, update);
  }
}
for (const [role, { updates, refused, falselyRefused }] of counts)
  process.stdout.write(`${role}: ${updates} updates, ${refused} refused, ${falselyRefused} of them falsely\n`);

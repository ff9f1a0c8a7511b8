import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { Selection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { bookSchema, manuscriptToYDoc, printedManuscript, yDocToManuscript } from '@bookwright/manuscript';
import { bookOf } from '../testing/collab-harness';
import { suggestionsOnly } from './suggestions-only';
import { pageOn } from './testing-pages';

/*
 * Ed (editor) and Ada (owner) suggest in turns over several blocks, through the real suggestions plugin as
 * the web editor runs it (testing-pages.ts). Ed's updates are checked as the collab server checks them.
 * None may be refused for a suggestion's author or a comment, nor by the blocks the check reads: a refusal
 * is right only where the whole book's printed form changed. The library (0.1.8) still makes a few such
 * updates itself (a formatting change or a deletion over another's suggested paragraph break loses the
 * break's markers): those are refused, and the property says so rather than hiding them.
 */

const copyOf = (live: Y.Doc): Y.Doc => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
  return copy;
};

const printedBook = (ydoc: Y.Doc): string =>
  JSON.stringify(
    bookSchema()
      .nodeFromJSON(printedManuscript(yDocToManuscript(ydoc)))
      .toJSON(),
  );

const book = () =>
  manuscriptToYDoc(bookOf('The lamp is lit.', 'The door is shut and locked.', 'Night falls.', 'The sea is calm.'));

const textPosition = (state: EditorState, fraction: number): number =>
  Selection.near(state.doc.resolve(Math.round(fraction * state.doc.content.size))).from;

const edit = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'bold', 'split'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  to: fc.double({ min: 0, max: 1, noNaN: true }),
  text: fc.constantFrom('a', 'new words ', ' ', 'x y'),
  who: fc.constantFrom('ed', 'ada'),
});
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function transactionOf(state: EditorState, { kind, at, to, text }: Edit): Transaction | undefined {
  // The library's suggestions over many blocks of its own markers grow without end (suggestions-only.test.ts).
  if (state.doc.childCount > 12) return undefined;
  const [from, end] = [textPosition(state, Math.min(at, to)), textPosition(state, Math.max(at, to))];
  if (kind === 'insert') return state.tr.insertText(text, from);
  if (kind === 'delete') return end > from ? state.tr.delete(from, end) : undefined;
  if (kind === 'bold')
    return end > from ? state.tr.addMark(from, end, bookSchema().marks['bold']!.create()) : undefined;
  return state.doc.resolve(from).parent.isTextblock ? state.tr.split(from) : undefined;
}

/** What the check says of Ed's `update`, and whether the whole book's printed form stays as it was. */
function judged(live: Y.Doc, update: Uint8Array, check: ReturnType<typeof suggestionsOnly>) {
  const after = copyOf(live);
  Y.applyUpdate(after, update);
  return { problem: check(live, update, 'ed', 'editor'), keepsPrinted: printedBook(live) === printedBook(after) };
}

/**
 * The same edit made directly (not suggested) by Ed: refused exactly when it changes the printed book. Its
 * own check: the other's shadow already holds the suggested edit, which the document takes next.
 */
function expectDirectEditJudged(live: Y.Doc, step: Edit): void {
  let direct: Uint8Array;
  try {
    direct = pageOn(copyOf(live), 'ed').edit((state) => transactionOf(state, step) ?? state.tr, { suggesting: false });
  } catch {
    return;
  }
  const { problem, keepsPrinted } = judged(live, direct, suggestionsOnly());
  if (keepsPrinted) expect(problem).toBeUndefined();
  else expect(problem).toMatch(/printed/);
}

describe("an editor's suggested edits among the owner's, made by the real suggestions plugin", () => {
  it('a suggested paragraph break whose first half a suggesting page deletes is taken back whole', () => {
    const live = book();
    const check = suggestionsOnly();
    for (const step of [
      (state: EditorState) => state.tr.split(1),
      (state: EditorState) => state.tr.delete(1, 2),
      (state: EditorState) => state.tr.insertText('a', 1),
    ]) {
      const update = pageOn(copyOf(live), 'ed').edit(step, { suggesting: true });
      expect(judged(live, update, check)).toEqual({ problem: undefined, keepsPrinted: true });
      Y.applyUpdate(live, update);
    }
  });

  it('are refused only where the whole printed book changed, never for authorship or the blocks read; direct edits that change it always are', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const live = book();
        const check = suggestionsOnly();
        for (const step of edits) {
          let update: Uint8Array;
          try {
            update = pageOn(copyOf(live), step.who).edit((state) => transactionOf(state, step) ?? state.tr, {
              suggesting: true,
            });
          } catch {
            continue; // an edit the library or ProseMirror cannot make here
          }
          if (step.who === 'ed') {
            const { problem, keepsPrinted } = judged(live, update, check);
            if (keepsPrinted) expect(problem).toBeUndefined();
            else expect(problem).toMatch(/printed/);
            expectDirectEditJudged(live, step);
          }
          Y.applyUpdate(live, update);
        }
      }),
      { numRuns: 100 },
    );
    // Many random books through the library: seconds alone, more on a shared machine (not a timing check).
  }, 120_000);
});

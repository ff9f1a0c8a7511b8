import fc from 'fast-check';
import * as Y from 'yjs';
import { Selection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { applySuggestions, revertSuggestions } from '@handlewithcare/prosemirror-suggest-changes';
import type { BookRole } from '@bookwright/contracts/http';
import { bookSchema, manuscriptToYDoc, printedManuscript, yDocToManuscript } from '@bookwright/manuscript';
import { bookOf } from '../testing/collab-harness';
import { pageOn } from './testing-pages';

/**
 * Random turns of the people of one book, for the property tests and the measure of the live check: Ed
 * (editor, always suggesting), Ada (owner) and Cora (co-author), each suggesting or editing directly, or
 * accepting or rejecting every open suggestion. Made on a page (testing-pages.ts) as the web editor makes them.
 */
export const people = { ed: 'editor', ada: 'owner', cora: 'coauthor' } as const satisfies Record<string, BookRole>;
export type Person = keyof typeof people;

export const randomTurn = fc.record({
  kind: fc.constantFrom('insert', 'insert', 'delete', 'delete', 'bold', 'split', 'accept', 'reject'),
  suggesting: fc.boolean(),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  to: fc.double({ min: 0, max: 1, noNaN: true }),
  text: fc.constantFrom('a', 'new words ', ' ', 'x y'),
  who: fc.constantFrom<Person>('ed', 'ada', 'cora'),
});
export type Turn = typeof randomTurn extends fc.Arbitrary<infer T> ? T : never;

export const sharedBook = () =>
  manuscriptToYDoc(bookOf('The lamp is lit.', 'The door is shut and locked.', 'Night falls.', 'The sea is calm.'));

/** A page's own copy of the live document. */
export const copyOf = (live: Y.Doc): Y.Doc => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
  return copy;
};

/** The whole book's printed form, neighbouring texts joined as the schema joins them. */
export const printedBook = (ydoc: Y.Doc): string =>
  JSON.stringify(
    bookSchema()
      .nodeFromJSON(printedManuscript(yDocToManuscript(ydoc)))
      .toJSON(),
  );

/** Whether the turn is made suggesting: an editor always is; deciding never is (the library's commands). */
export const isSuggesting = (turn: Turn): boolean =>
  turn.kind !== 'accept' && turn.kind !== 'reject' && (people[turn.who] === 'editor' || turn.suggesting);

/** Whether the person's role lets them make the turn at all (an editor does not accept). */
export const mayTake = (turn: Turn): boolean => !(people[turn.who] === 'editor' && turn.kind === 'accept');

const textPosition = (state: EditorState, fraction: number): number =>
  Selection.near(state.doc.resolve(Math.round(fraction * state.doc.content.size))).from;

/** The turn's transaction on `state`, or undefined where there is nothing to make. */
export function transactionOf(state: EditorState, { kind, at, to, text }: Turn): Transaction | undefined {
  // The library's suggestions over many blocks of its own markers grow without end (suggestions-only.test.ts).
  if (state.doc.childCount > 12) return undefined;
  const [from, end] = [textPosition(state, Math.min(at, to)), textPosition(state, Math.max(at, to))];
  if (kind === 'insert') return state.tr.insertText(text, from);
  if (kind === 'delete') return end > from ? state.tr.delete(from, end) : undefined;
  if (kind === 'bold')
    return end > from ? state.tr.addMark(from, end, bookSchema().marks['bold']!.create()) : undefined;
  if (kind === 'split') return state.doc.resolve(from).parent.isTextblock ? state.tr.split(from) : undefined;
  let decided: Transaction | undefined;
  (kind === 'accept' ? applySuggestions : revertSuggestions)(state, (transaction) => (decided = transaction));
  return decided;
}

/**
 * The update a page of the turn's person makes for it on its copy of `live`, or undefined for an edit the
 * library or ProseMirror cannot make there.
 */
export function turnUpdate(live: Y.Doc, turn: Turn): Uint8Array | undefined {
  try {
    return pageOn(copyOf(live), turn.who).edit((state) => transactionOf(state, turn) ?? state.tr, {
      suggesting: isSuggesting(turn),
    });
  } catch {
    return undefined;
  }
}

import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import { revertSuggestions } from '@handlewithcare/prosemirror-suggest-changes';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { bookSchema } from '../schema/book-extensions';
import { suggestionMarkNames } from '../schema/review-marks';

const reviewMarkNames: readonly string[] = [...suggestionMarkNames, 'comment'];

interface JsonMark {
  type: string;
  attrs?: Record<string, unknown>;
}

const marksOf = (node: TiptapNode): JsonMark[] =>
  (node.marks ?? []).filter((mark): mark is JsonMark => typeof (mark as JsonMark | null)?.type === 'string');

/** Calls `visit` with every mark of the document, on text and on nodes alike. */
function eachMark(node: TiptapNode, visit: (mark: JsonMark) => void): void {
  for (const mark of marksOf(node)) visit(mark);
  for (const child of node.content ?? []) eachMark(child, visit);
}

function hasReviewMarks(document: TiptapDocument): boolean {
  let found = false;
  eachMark(document, (mark) => {
    found ||= reviewMarkNames.includes(mark.type);
  });
  return found;
}

/**
 * A manuscript as it is printed (exports, page estimates, word counts, translations, the takeout): every
 * open suggestion read as rejected and every comment anchor taken out (decision 0043). Rejected as the
 * suggestion library's own `revertSuggestions` does it, on the book's schema: inserted text and blocks go,
 * deleted ones stay without their mark, a modification goes back to its previous value. A comment's text
 * stays. A manuscript with neither is given back as it is (the same object).
 */
export function printedManuscript(document: TiptapDocument): TiptapDocument {
  if (!hasReviewMarks(document)) return document;
  let content: TiptapNode[];
  try {
    content = rejectedByTheLibrary(document);
  } catch {
    // The library throws on some nestings (0.1.8: an insertion inside a deleted block, whose node it has
    // removed before it unmarks it). The same rejection, by hand, rather than no export.
    content = document.content.flatMap(rejected);
  }
  return { type: 'doc', content: content.flatMap(rejected) };
}

/** The content of `document` after the library's `revertSuggestions`, without its comments. */
function rejectedByTheLibrary(document: TiptapDocument): TiptapNode[] {
  const schema = bookSchema();
  // The library reads the character after an inserted block it removes, and throws when that block ends
  // the document (0.1.8: textBetween past the end); an empty paragraph after everything, taken off again
  // below, gives it one.
  const withEnd = { ...document, content: [...document.content, endParagraph] };
  let state = EditorState.create({ schema, doc: schema.nodeFromJSON(withEnd) });
  // One pass can leave a suggestion behind: where it takes a space beside an inserted word with the word
  // (its rule for "a new word" between two spaces), its map skips the next piece of text. Each pass
  // rejects at least one more; the passes are few (a suggestion left out in one is next to one taken).
  for (let pass = 0; pass < maxPasses && hasSuggestions(state.doc); pass++) {
    revertSuggestions(state, (transaction) => {
      state = state.apply(transaction);
    });
  }
  const content = (state.doc.toJSON() as { content?: TiptapNode[] }).content ?? [];
  const last = content.at(-1);
  const end = last?.type === 'paragraph' && last.content === undefined && last.marks === undefined;
  return end ? content.slice(0, -1) : content;
}

const endParagraph: TiptapNode = { type: 'paragraph' };
const maxPasses = 20;

function hasSuggestions(doc: ProseMirrorNode): boolean {
  let found = false;
  doc.descendants((node) => {
    found ||= node.marks.some((mark) => (suggestionMarkNames as readonly string[]).includes(mark.type.name));
    return !found;
  });
  return found;
}

/**
 * A node with its suggestions rejected and its comments taken out, by hand, as the library does it: none
 * when it was inserted; a deletion's mark dropped; a modification turned back (an attribute to its
 * previous value, a type to its previous type with that type's default attributes). Also what makes sure
 * nothing the library may have left is printed.
 */
function rejected(node: TiptapNode): TiptapNode[] {
  const marks = marksOf(node);
  if (marks.some((mark) => mark.type === 'insertion')) return [];
  let { type, attrs } = node;
  for (const mark of marks) {
    if (mark.type !== 'modification') continue;
    const { type: kind, attrName, previousValue } = mark.attrs ?? {};
    if (kind === 'attr' && typeof attrName === 'string') attrs = { ...attrs, [attrName]: previousValue };
    if (kind === 'nodeType' && typeof previousValue === 'string' && previousValue in bookSchema().nodes) {
      type = previousValue;
      attrs = defaultAttrs(previousValue);
    }
  }
  const kept = marks.filter((mark) => !reviewMarkNames.includes(mark.type));
  const { marks: _marks, content, attrs: _attrs, type: _type, ...rest } = node;
  return [
    {
      type,
      ...(attrs === undefined ? {} : { attrs }),
      ...rest,
      ...(kept.length > 0 ? { marks: kept } : {}),
      ...(content === undefined ? {} : { content: content.flatMap(rejected) }),
    },
  ];
}

/** The attributes a node of this type has when none are given (as the library's setNodeMarkup gives it). */
function defaultAttrs(type: string): Record<string, unknown> | undefined {
  const attrs = (bookSchema().nodes[type]?.create().toJSON() as TiptapNode | undefined)?.attrs;
  return attrs;
}

/**
 * How many suggestions are open in a manuscript: distinct suggestion ids (one suggestion marks every
 * piece of text and every block it touched with the same id). What an export says it left out.
 */
export function openSuggestionCount(document: TiptapDocument): number {
  const ids = new Set<string>();
  eachMark(document, (mark) => {
    if (!(suggestionMarkNames as readonly string[]).includes(mark.type)) return;
    const id = mark.attrs?.id;
    // 1 and "1" are two ids to the library (it compares with ===).
    ids.add(`${typeof id}:${String(id)}`);
  });
  return ids.size;
}

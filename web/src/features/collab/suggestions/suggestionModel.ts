import { applySuggestion, revertSuggestion, suggestChangesKey } from '@handlewithcare/prosemirror-suggest-changes';
import type { MarkType, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Selection, type Command, type EditorState, type Transaction } from '@tiptap/pm/state';

/** The library's three marks: text inserted, text deleted, a block or mark changed (formatting). */
export const suggestionKinds = ['insertion', 'deletion', 'modification'] as const;
export type SuggestionKind = (typeof suggestionKinds)[number];
export type SuggestionId = string | number;

/** One suggestion as the page shows it: every mark with its id, wherever they are. */
export interface Suggestion {
  id: SuggestionId;
  kinds: SuggestionKind[];
  /** From the start of its first marked node to the end of its last. */
  from: number;
  to: number;
  /** What it would add and take away (the library's zero-width anchors left out; a whole block's text too). */
  inserted: string;
  deleted: string;
  /** The blocks' formatting it would change (the `modification` marks on blocks). */
  modifications: BlockModification[];
}

/** A block's formatting changed by a suggestion: its type (paragraph, heading) or an attribute (alignment, level). */
export interface BlockModification {
  type: 'nodeType' | 'attr';
  attrName: string | undefined;
  newValue: unknown;
}

const zeroWidthSpace = /\u200B/g;

function isSuggestionKind(name: string): name is SuggestionKind {
  return (suggestionKinds as readonly string[]).includes(name);
}

/** A block's text not marked with this kind itself (that text is counted on its own). */
function unmarkedText(block: ProseMirrorNode, type: MarkType): string {
  let text = '';
  block.descendants((node) => {
    if (node.isText && !type.isInSet(node.marks)) text += node.text ?? '';
    return true;
  });
  return text;
}

function modificationOf(attrs: Record<string, unknown>): BlockModification {
  const name = attrs['attrName'];
  return {
    type: attrs['type'] === 'nodeType' ? 'nodeType' : 'attr',
    attrName: typeof name === 'string' ? name : undefined,
    newValue: attrs['newValue'],
  };
}

/** The suggestions with a mark between two positions, in the order they start, each with its whole extent there. */
export function suggestionsIn(doc: ProseMirrorNode, from = 0, to = doc.content.size): Suggestion[] {
  const found = new Map<SuggestionId, Suggestion>();
  doc.nodesBetween(from, to, (node, pos) => {
    for (const mark of node.marks) {
      const kind = mark.type.name;
      if (!isSuggestionKind(kind)) continue;
      const id = mark.attrs['id'] as SuggestionId;
      const suggestion = found.get(id) ?? {
        id,
        kinds: [],
        from: pos,
        to: pos,
        inserted: '',
        deleted: '',
        modifications: [],
      };
      if (!suggestion.kinds.includes(kind)) suggestion.kinds.push(kind);
      suggestion.from = Math.min(suggestion.from, pos);
      suggestion.to = Math.max(suggestion.to, pos + node.nodeSize);
      // A block inserted or deleted whole carries the mark itself (its text has none): its text is what changes.
      const text = (node.isText ? (node.text ?? '') : unmarkedText(node, mark.type)).replace(zeroWidthSpace, '');
      if (kind === 'insertion') suggestion.inserted += text;
      if (kind === 'deletion') suggestion.deleted += text;
      if (kind === 'modification' && !node.isInline) suggestion.modifications.push(modificationOf(mark.attrs));
      found.set(id, suggestion);
    }
    return true;
  });
  return [...found.values()].sort((a, b) => a.from - b.from);
}

/** A chapter: a level-1 heading and what follows it up to the next one (before the first: the front matter). */
export interface ChapterRange {
  from: number;
  to: number;
  /** The heading's text, or undefined for what comes before the first heading. */
  title: string | undefined;
}

function isChapterHeading(node: ProseMirrorNode): boolean {
  return node.type.name === 'heading' && node.attrs['level'] === 1;
}

/** The chapter a position is in (as the Chapters tab counts them: the top level's level-1 headings). */
export function chapterRangeAt(doc: ProseMirrorNode, pos: number): ChapterRange {
  let range: ChapterRange = { from: 0, to: doc.content.size, title: undefined };
  let closed = false;
  doc.forEach((node, offset) => {
    if (closed || !isChapterHeading(node)) return;
    if (offset <= pos) range = { from: offset, to: doc.content.size, title: node.textContent };
    else {
      range = { ...range, to: offset };
      closed = true;
    }
  });
  return range;
}

/** The suggestion the caret (or the selection's start) is in or right beside. */
export function suggestionAt(state: EditorState, chapter = chapterRangeAt(state.doc, state.selection.from)) {
  const { from, to } = state.selection;
  return suggestionsIn(state.doc, chapter.from, chapter.to).find((s) => s.from <= to && s.to >= from);
}

/**
 * Takes the caret to the start of the next suggestion after it (after the last, to the first) and brings it
 * into view: the way through a book's suggestions, one at a time. False when there are none.
 */
export const selectNextSuggestion: Command = (state, dispatch) => {
  const all = suggestionsIn(state.doc);
  const next = all.find((s) => s.from > state.selection.from) ?? all[0];
  if (!next) return false;
  dispatch?.(state.tr.setSelection(Selection.near(state.doc.resolve(next.from), 1)).scrollIntoView());
  return true;
};

/**
 * Runs commands one after another, each on the state the previous one left, as ONE transaction: one step
 * for the others' pages and one for undo. Marked for the library's dispatcher to leave alone (deciding a
 * suggestion is never itself a suggestion).
 */
function composed(state: EditorState, commands: ((current: EditorState, tr: Transaction) => Command)[]) {
  const tr = state.tr;
  let current = state;
  for (const command of commands) {
    command(current, tr)(current, (sub) => {
      for (const step of sub.steps) tr.step(step);
      current = current.apply(sub);
    });
  }
  tr.setMeta(suggestChangesKey, { skip: true });
  return tr;
}

export type Decision = 'accept' | 'reject';
const commandOf = { accept: applySuggestion, reject: revertSuggestion } as const;

/**
 * Reverts the formatting changes (the `modification` marks) of one suggestion between two positions, and takes
 * their marks away. 0.1.8's revertSuggestion gives up before reaching them when a suggestion has no inserted or
 * deleted text (an alignment or a heading level changed), so a rejected formatting change would stay.
 */
export function revertModifications(id: SuggestionId, from: number, to: number): Command {
  return (state, dispatch) => {
    const { modification } = state.schema.marks;
    if (!modification) return false;
    const tr = state.tr;
    state.doc.nodesBetween(from, Math.min(to, state.doc.content.size), (node, pos) => {
      const mods = node.marks.filter((mark) => mark.type === modification && mark.attrs['id'] === id);
      if (mods.length === 0) return true;
      for (const mark of mods) tr.removeNodeMark(pos, mark);
      const typeChange = mods.find((mark) => mark.attrs['type'] === 'nodeType');
      const previousType = typeChange && state.schema.nodes[String(typeChange.attrs['previousValue'])];
      if (previousType) tr.setNodeMarkup(pos, previousType, null);
      const target = previousType ?? node.type;
      for (const mark of mods) {
        const name = mark.attrs['attrName'] as unknown;
        if (mark.attrs['type'] === 'attr' && typeof name === 'string' && name in target.spec.attrs!) {
          tr.setNodeAttribute(pos, name, mark.attrs['previousValue']);
        }
      }
      return true;
    });
    if (!tr.docChanged) return false;
    tr.setMeta(suggestChangesKey, { skip: true });
    dispatch?.(tr);
    return true;
  };
}

/** The commands that decide one suggestion within a range (rejecting also reverts its formatting changes). */
function decisionCommands(id: SuggestionId, decision: Decision, from: number, to: number) {
  const steps: ((current: EditorState, tr: Transaction) => Command)[] = [
    (_current, sofar) => commandOf[decision](id, sofar.mapping.map(from, -1), sofar.mapping.map(to, 1)),
  ];
  if (decision === 'reject')
    steps.push((current, sofar) =>
      revertModifications(
        id,
        sofar.mapping.map(from, -1),
        Math.min(sofar.mapping.map(to, 1), current.doc.content.size),
      ),
    );
  return steps;
}

/**
 * Accepts or rejects one suggestion, in one transaction. The library's command is given the suggestion's own
 * extent: without a range, 0.1.8 also applies (or reverts) every formatting change in the book, whatever its id.
 */
export function decideSuggestion(id: SuggestionId, decision: Decision): Command {
  return (state, dispatch) => {
    const suggestion = suggestionsIn(state.doc).find((s) => s.id === id);
    if (!suggestion) return false;
    const tr = composed(state, decisionCommands(id, decision, suggestion.from, suggestion.to));
    if (tr.docChanged) dispatch?.(tr);
    return tr.docChanged;
  };
}

/**
 * Accepts or rejects every suggestion in a range (a chapter), in one transaction. The library's
 * applySuggestionsInRange and revertSuggestionsInRange are not exported by 0.1.8's entry point, so each
 * suggestion in the range is decided in turn by the exported per-id command, limited to the range.
 */
export function decideSuggestionsIn(from: number, to: number, decision: Decision): Command {
  return (state, dispatch) => {
    const ids = suggestionsIn(state.doc, from, to).map((s) => s.id);
    if (ids.length === 0) return false;
    if (!dispatch) return true;
    const tr = composed(
      state,
      ids.flatMap((id) => decisionCommands(id, decision, from, to)),
    );
    if (tr.docChanged) dispatch(tr);
    return tr.docChanged;
  };
}

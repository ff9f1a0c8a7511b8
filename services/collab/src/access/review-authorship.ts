import { diffChars } from 'diff';
import type { TiptapNode } from '@bookwright/contracts/http';
import { suggestionAuthor } from '@bookwright/manuscript';

/*
 * Whose a suggestion or a comment anchor is, kept by the server (issue 44). The printed form
 * (suggestions-only.ts) says nothing of it: a suggestion claiming another person as its author, or a
 * comment's anchor taken off its text, prints as the book did. Both are read here from the same blocks,
 * before and after a writer's update, as ProseMirror JSON.
 *
 * Suggestions: a suggestion's id names its author (@bookwright/manuscript's suggestion-authors.ts). After
 * the update, the text under each suggestion that is not the connection's person's (same mark, same
 * attributes) must be a part of what it covered before, in order: splitting a block, joining two, or
 * taking back (rejecting) part of someone's insertion keeps that; new text, newly marked text, another id
 * or changed attributes under someone else's name do not. The web editor gives its own edits its
 * person's ids, suggested or direct (@bookwright/manuscript's keep-authorship.ts), so a page never needs more.
 * But undo (y-tiptap's, a Yjs UndoManager) puts back exactly what an edit took: text of someone's suggestion
 * that a page took back (rejected, or deleted inside it while suggesting) returns under its mark, as new
 * Yjs items that say nothing of what they restore. So each suggestion's text is compared with what it has
 * held while this check watched it (`SuggestionHistory`: every text seen under it, merged in order), not only
 * with what it holds now: putting back what someone wrote is theirs; anything else still is not. What a
 * suggestion gained unseen by this replica's checks (another replica's writers, a write from outside) is
 * merged in by aligning the texts, which may place it wrongly: an undo after such a change can still be
 * refused (the page reconnects, and the text it restores is not lost to anyone else).
 *
 * Comment anchors: an editor's page never writes comment marks (only the owner's and co-authors' pages
 * anchor comments; web/src/features/comments/useWorkspaceComments.tsx), so every anchor an editor meets is
 * someone else's. Text that stays in the book (not under an insertion) keeps its anchors: for each comment,
 * as many such characters carry it after the update as before. Rejecting an insertion that a comment sits
 * on removes that text, and the comment is then "on deleted text", as when its text is deleted outright.
 */

/** The marks of a suggestion (@handlewithcare/prosemirror-suggest-changes's). */
export const suggestionMarks = new Set(['insertion', 'deletion', 'modification']);

/**
 * For each suggestion (by mark and attributes), every text it was seen holding, merged in order into one
 * text that each of them is a subsequence of. Kept per live document for as long as it is in memory.
 */
export type SuggestionHistory = Map<string, string>;

/**
 * Why `after` attributes suggestions to someone other than `userId` that `before` did not, if it does: text
 * under someone else's suggestion that it never held. Keeps `history` up with what `before` holds and, when
 * the update may go in, with what `after` will.
 */
export function forgedSuggestion(
  before: TiptapNode[],
  after: TiptapNode[],
  userId: string,
  history: SuggestionHistory,
): string | undefined {
  const had = suggestedPieces(before);
  // What changed unseen (on another replica, or written from outside) is merged in as its text aligns.
  for (const [key, { text }] of had) {
    const held = history.get(key);
    history.set(key, held === undefined || isSubsequence(text, held) ? (held ?? text) : mergedInOrder(held, text));
  }
  const has = suggestedPieces(after);
  for (const [key, { id, text }] of has) {
    const author = suggestionAuthor(id);
    if (author?.kind === 'member' && author.userId === userId) continue;
    const held = history.get(key);
    if (held === undefined || !isSubsequence(text, held))
      return 'a suggestion attributed to someone else than its writer';
  }
  for (const [key, { text }] of has) history.set(key, grown(history.get(key), had.get(key)?.text ?? '', text));
  return undefined;
}

/**
 * `held` with what the update put under a suggestion (`was` became `is`) written in where the update put
 * it: after the character of `was` it follows. What was only ever held stays.
 */
function grown(held: string | undefined, was: string, is: string): string {
  if (held === undefined) return is;
  if (isSubsequence(is, held)) return held;
  const signs = [...held];
  // Where each sign of `was` sits in `held` (`was` is a subsequence of it: recorded above), from the left.
  const at: number[] = [];
  let from = 0;
  for (const sign of was) {
    while (from < signs.length && signs[from] !== sign) from += 1;
    at.push(from);
    from += 1;
  }
  const out: string[] = [];
  let copied = 0;
  let inWas = 0;
  for (const change of diffChars(was, is)) {
    const length = [...change.value].length;
    if (change.added) {
      const upTo = inWas === 0 ? 0 : at[inWas - 1]! + 1;
      out.push(...signs.slice(copied, upTo), change.value);
      copied = Math.max(copied, upTo);
    } else inWas += length;
  }
  out.push(...signs.slice(copied));
  return out.join('');
}

/** A text holding both `held` and `text` as subsequences, aligned on their common parts. */
function mergedInOrder(held: string, text: string): string {
  return diffChars(held, text)
    .map((change) => change.value)
    .join('');
}

/** Why `after` takes a comment's anchor off text that stays in the book, if it does. */
export function removedCommentAnchor(before: TiptapNode[], after: TiptapNode[]): string | undefined {
  const had = anchoredCounts(before);
  const has = anchoredCounts(after);
  for (const [commentId, count] of had)
    if ((has.get(commentId) ?? 0) < count) return "a comment's anchor taken off someone else's comment";
  return undefined;
}

interface Mark {
  type: string;
  attrs?: Record<string, unknown>;
}

/** A node's marks as ProseMirror's toJSON writes them (the blocks are read by y-tiptap with the book's schema). */
const marksOf = (node: TiptapNode): Mark[] => (node.marks ?? []) as Mark[];

interface Piece {
  id: unknown;
  text: string;
}

/** The text under each suggestion (by mark and attributes), in order; a marked block counts as one sign. */
function suggestedPieces(nodes: TiptapNode[]): Map<string, Piece> {
  const pieces = new Map<string, Piece>();
  walk(nodes, [], (node, marks) => {
    const sign = node.type === 'text' ? (node.text ?? '') : `\u{fffc}${node.type}`;
    for (const mark of marksOf(node)) {
      if (!suggestionMarks.has(mark.type)) continue;
      const key = `${mark.type}${JSON.stringify(mark.attrs ?? {})}`;
      const piece = pieces.get(key) ?? { id: mark.attrs?.['id'], text: '' };
      piece.text += sign;
      pieces.set(key, piece);
    }
    return marks;
  });
  return pieces;
}

/** For each comment, how many characters that are not suggested insertions carry its anchor. */
function anchoredCounts(nodes: TiptapNode[]): Map<string, number> {
  const counts = new Map<string, number>();
  walk(nodes, [], (node, marks) => {
    const within = [...marks, ...marksOf(node).map((mark) => mark.type)];
    if (node.type !== 'text' || within.includes('insertion')) return within;
    for (const mark of marksOf(node)) {
      const commentId = mark.type === 'comment' ? mark.attrs?.['commentId'] : undefined;
      if (typeof commentId === 'string')
        counts.set(commentId, (counts.get(commentId) ?? 0) + [...(node.text ?? '')].length);
    }
    return within;
  });
  return counts;
}

/** Visits every node in order with the mark names of the blocks it is in (what `visit` answers for its own). */
function walk(nodes: TiptapNode[], marks: string[], visit: (node: TiptapNode, marks: string[]) => string[]): void {
  for (const node of nodes) walk(node.content ?? [], visit(node, marks), visit);
}

function isSubsequence(part: string, whole: string): boolean {
  let at = 0;
  for (const sign of part) {
    at = whole.indexOf(sign, at);
    if (at < 0) return false;
    at += sign.length;
  }
  return true;
}

import type { TiptapNode } from '@bookwright/contracts/http';
import { suggestionAuthor } from '@bookwright/manuscript';

/*
 * Whose a suggestion or a comment anchor is, kept by the server (issue 44). The printed form
 * (suggestions-only.ts) says nothing of it: a suggestion claiming another person as its author, or a
 * comment's anchor taken off its text, prints as the book did. Both are read here from the same blocks,
 * before and after an editor's update, as ProseMirror JSON.
 *
 * Suggestions: a suggestion's id names its author (@bookwright/manuscript's suggestion-authors.ts). After
 * the update, the text under each suggestion that is not the connection's person's (same mark, same
 * attributes) must be a part of what it covered before, in order: splitting a block, joining two, or
 * taking back (rejecting) part of someone's insertion keeps that; new text, newly marked text, another id
 * or changed attributes under someone else's name do not. The web editor gives its own edits its
 * person's ids (web/src/features/collab/suggestions/suggestionAuthorship.ts), so a page never needs more.
 *
 * Comment anchors: an editor's page never writes comment marks (only the owner's and co-authors' pages
 * anchor comments; web/src/features/comments/useWorkspaceComments.tsx), so every anchor an editor meets is
 * someone else's. Text that stays in the book (not under an insertion) keeps its anchors: for each comment,
 * as many such characters carry it after the update as before. Rejecting an insertion that a comment sits
 * on removes that text, and the comment is then "on deleted text", as when its text is deleted outright.
 */

const suggestionMarks = new Set(['insertion', 'deletion', 'modification']);

/** Why `after` attributes suggestions to someone other than `userId` that `before` did not, if it does. */
export function forgedSuggestion(before: TiptapNode[], after: TiptapNode[], userId: string): string | undefined {
  const had = suggestedPieces(before);
  for (const [key, { id, text }] of suggestedPieces(after)) {
    const author = suggestionAuthor(id);
    if (author?.kind === 'member' && author.userId === userId) continue;
    const was = had.get(key)?.text;
    if (was === undefined || !isSubsequence(text, was))
      return 'a suggestion attributed to someone else than its writer';
  }
  return undefined;
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

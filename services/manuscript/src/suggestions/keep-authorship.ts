import type { MarkType, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep } from '@tiptap/pm/transform';
import { suggestionAuthor } from './suggestion-authors';

interface Fix {
  from: number;
  to: number;
  type: MarkType;
  /** The id the range's suggestion mark gets; null: the mark comes off (a direct edit's own text). */
  id: string | number | null;
}

/** The ranges of the transaction's final document that its steps touched (inserted, or marked). */
function touchedRanges(tr: Transaction): [number, number][] {
  const ranges: [number, number][] = [];
  const size = tr.doc.content.size;
  tr.steps.forEach((step, index) => {
    const later = tr.mapping.slice(index + 1);
    const add = (from: number, to: number) => {
      const start = Math.max(0, later.map(from, -1));
      const end = Math.min(size, later.map(to, 1));
      if (end > start) ranges.push([start, end]);
    };
    step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => add(newStart, newEnd));
    // A mark step changes no positions: its range is where it marked (the library's deletions are these).
    if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) add(step.from, step.to);
  });
  return ranges;
}

function fixesOf(
  tr: Transaction,
  original: ProseMirrorNode,
  ownId: (() => string) | null,
  isOwn: (id: unknown) => boolean,
): Fix[] {
  const back = tr.mapping.invert();
  const fixes: Fix[] = [];
  const push = (fix: Fix) => {
    const last = fixes[fixes.length - 1];
    if (last && last.to === fix.from && last.type === fix.type && last.id === fix.id) last.to = fix.to;
    else fixes.push(fix);
  };
  for (const [from, to] of touchedRanges(tr)) {
    tr.doc.nodesBetween(from, to, (node, pos) => {
      if (!node.isText) return true;
      const mark = node.marks.find((m) => m.type.name === 'insertion' || m.type.name === 'deletion');
      if (!mark) return false;
      const start = Math.max(pos, from);
      const end = Math.min(pos + node.nodeSize, to);
      for (let at = start; at < end; at += 1) {
        const before = back.map(at, 1);
        const existed = back.map(at + 1, -1) > before;
        const was = existed ? original.nodeAt(before)?.marks.find((m) => m.type === mark.type)?.attrs['id'] : undefined;
        // What this page inserted or newly marked is its author's (or, edited directly, no suggestion at
        // all); what carried a suggestion keeps its id.
        const id = (was ?? (isOwn(mark.attrs['id']) ? mark.attrs['id'] : ownId ? ownId() : null)) as
          string | number | null;
        if (id !== mark.attrs['id']) push({ from: at, to: at + 1, type: mark.type, id });
      }
      return false;
    });
  }
  return fixes;
}

/**
 * Keeps every suggestion its own author's (the web editor's suggesting pages; the collab server refuses a
 * suggestion in someone else's name, services/collab/src/access/review-authorship.ts). The library joins a new suggestion with one it touches whatever
 * its author (it takes the neighbour's id for the new text, or gives the neighbour the new id): fine for
 * one writer, wrong for several. After the library's transformation of this page's edit, the text this
 * edit inserted or newly marked as deleted gets an id of this page's author, and text that carried a
 * suggestion before gets its own id back.
 */
export function keepAuthorship(
  tr: Transaction,
  original: ProseMirrorNode,
  selfUserId: string,
  newId: () => string,
): Transaction {
  let fresh: string | undefined;
  const ownId = () => (fresh ??= newId());
  return applyFixes(tr, fixesOf(tr, original, ownId, isOwnBy(selfUserId)));
}

/**
 * The same for a page editing directly (not suggesting): ProseMirror gives text typed or pasted inside a
 * suggestion that suggestion's mark, so an owner typing in the middle of an editor's insertion would write
 * in the editor's name (which the collab server refuses). Text this edit inserted or marked under someone
 * else's suggestion loses that mark: it is the page's own direct text. Its own suggestions stay its own.
 */
export function keepDirectEditsOwn(tr: Transaction, original: ProseMirrorNode, selfUserId: string): Transaction {
  return applyFixes(tr, fixesOf(tr, original, null, isOwnBy(selfUserId)));
}

const isOwnBy = (selfUserId: string) => (id: unknown) => {
  const author = suggestionAuthor(id);
  return author?.kind === 'member' && author.userId === selfUserId;
};

function applyFixes(tr: Transaction, fixes: Fix[]): Transaction {
  for (const fix of fixes) {
    tr.removeMark(fix.from, fix.to, fix.type);
    if (fix.id !== null) tr.addMark(fix.from, fix.to, fix.type.create({ id: fix.id }));
  }
  return tr;
}

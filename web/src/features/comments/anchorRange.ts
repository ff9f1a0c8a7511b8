import type { Node as PmNode } from '@tiptap/pm/model';
import {
  commentLimits,
  commentMessages,
  comparableText,
  quoteOffset,
  type CommentAnchor,
} from '@bookwright/contracts/http';
import { chapterAt, chapterOutline } from '../collab/chapterPresence';

/*
 * Where a comment sits in the live document (issue 44). A thread made by someone who writes to the document
 * carries a `comment` mark on its text (anchor.markId = the mark's commentId): Yjs moves the mark with the
 * text, so the thread follows every edit around it, and a thread whose mark is gone is "on deleted text".
 * A thread without a mark (a commenter's or an editor's: their connection is read-only, so nothing of theirs
 * can enter the document) is found by its quote, with its prefix and suffix choosing between repeats: the
 * W3C TextQuoteSelector rule the book service uses too (contracts' `quoteOffset`) (whitespace not compared), so the
 * page and the server agree on what "on deleted text" means for it.
 */

/** A range of the ProseMirror document. */
export interface TextRange {
  from: number;
  to: number;
}

/** The name of the manuscript schema's comment mark (@bookwright/manuscript), whose attribute is `commentId`. */
export const commentMarkName = 'comment';

/** A chapter's range of the document: from its heading (or the start) to the next chapter's heading. */
export function chapterRange(doc: PmNode, chapter: number): TextRange | undefined {
  const outline = chapterOutline(doc);
  const at = outline.findIndex((entry) => entry.number === chapter);
  if (at === -1) return undefined;
  return { from: outline[at]!.from, to: outline[at + 1]?.from ?? doc.content.size };
}

/** What a selection would be anchored as: undefined for an empty or blank one, a message when it is too long. */
export function anchorOfSelection(
  doc: PmNode,
  from: number,
  to: number,
): CommentAnchor | { error: string } | undefined {
  if (to <= from) return undefined;
  const chapter = chapterAt(chapterOutline(doc), from);
  if (chapter === undefined) return undefined;
  const range = chapterRange(doc, chapter)!;
  // A selection running into the next chapter is cut at its end: an anchor is in one chapter.
  const end = Math.min(to, range.to);
  const quote = doc.textBetween(from, end, '\n\n', '\n');
  if (!/\S/u.test(quote)) return undefined;
  if (quote.length > commentLimits.quote) return { error: commentMessages.longQuote };
  const prefix = doc.textBetween(range.from, from, '\n\n', '\n').slice(-commentLimits.context);
  const suffix = doc.textBetween(end, range.to, '\n\n', '\n').slice(0, commentLimits.context);
  return { chapter, quote, ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) };
}

/**
 * Where an anchor's quote is in its chapter now: of its occurrences, the one whose surroundings agree most
 * with the prefix and suffix (contracts' `quoteOffset`), as a document range. Undefined when the
 * chapter is gone or the quote occurs nowhere in it.
 */
export function locateQuote(doc: PmNode, anchor: CommentAnchor): TextRange | undefined {
  const quote = comparableText(anchor.quote);
  const range = chapterRange(doc, anchor.chapter);
  if (quote.length === 0 || !range) return undefined;
  // The chapter's text without whitespace, each character with its document position.
  let haystack = '';
  const positions: number[] = [];
  doc.nodesBetween(range.from, range.to, (node, pos) => {
    if (!node.isText) return true;
    const text = node.text ?? '';
    for (let i = 0; i < text.length; i += 1) {
      if (/\s/u.test(text[i]!)) continue;
      haystack += text[i];
      positions.push(pos + i);
    }
    return false;
  });
  // The editor's text is NFC already (the browser's input is): left as it is, each character keeps its position.
  const best = quoteOffset(anchor, haystack);
  if (best === undefined) return undefined;
  return { from: positions[best]!, to: positions[best + quote.length - 1]! + 1 };
}

/** The ranges of the document's comment marks, by commentId (a mark cut in two spans from its first to its last piece). */
export function commentMarkRanges(doc: PmNode): Map<string, TextRange> {
  const ranges = new Map<string, TextRange>();
  if (!doc.type.schema.marks[commentMarkName]) return ranges;
  doc.descendants((node, pos) => {
    if (!node.isText) return true;
    for (const mark of node.marks) {
      if (mark.type.name !== commentMarkName) continue;
      const id = mark.attrs['commentId'] as unknown;
      if (typeof id !== 'string' || !id) continue;
      const known = ranges.get(id);
      const to = pos + node.nodeSize;
      ranges.set(id, known ? { from: Math.min(known.from, pos), to: Math.max(known.to, to) } : { from: pos, to });
    }
    return false;
  });
  return ranges;
}

/**
 * Where a thread's text is now: its mark's range when it has one; a thread made with a mark whose mark is
 * gone is on deleted text (undefined); one made without a mark is found by its quote.
 */
export function rangeOfAnchor(
  doc: PmNode,
  anchor: CommentAnchor,
  marks: ReadonlyMap<string, TextRange> = commentMarkRanges(doc),
): TextRange | undefined {
  if (anchor.markId) return marks.get(anchor.markId);
  return locateQuote(doc, anchor);
}

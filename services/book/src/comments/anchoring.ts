import {
  comparableText,
  documentText,
  quoteOffset,
  type CommentAnchor,
  type TiptapNode,
} from '@bookwright/contracts/http';

/*
 * Where a comment sits in the text. Its anchor is a W3C TextQuoteSelector (quote, prefix, suffix) with the
 * chapter it is in, checked against the stored chapters with contracts' rule (comment-anchoring.ts), which
 * the editor uses on the live document too. In the live editor a thread with a `comment` mark follows the
 * mark instead (web/src/features/comments/anchorRange.ts).
 */

/** A stored chapter's text, heading included: its nodes are the stored form (JSON objects joined by commas). */
export function chapterText(nodes: string): string {
  const content = JSON.parse(`[${nodes}]`) as TiptapNode[];
  return documentText({ type: 'doc', content });
}

/** Where the quote is in a chapter's text (an offset in its comparable form): contracts' one rule. */
export function locateQuote(anchor: CommentAnchor, text: string): number | undefined {
  return quoteOffset(anchor, comparableText(text));
}

/**
 * Whether a thread is "on deleted text": its quote no longer occurs in its chapter, or the chapter is
 * gone. `chapters` holds the texts of the chapters the threads name, by number (from 1).
 */
export function isOnDeletedText(anchor: CommentAnchor, chapters: ReadonlyMap<number, string>): boolean {
  const text = chapters.get(anchor.chapter);
  return text === undefined || locateQuote(anchor, text) === undefined;
}

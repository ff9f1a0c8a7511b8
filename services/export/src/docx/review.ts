import {
  chaptersOf,
  chapterNodes,
  comparableText,
  documentText,
  quoteOffset,
  type CommentThread,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { suggestionAuthor } from '@bookwright/manuscript';

/*
 * What a Word export carries of a book's review (issue 46): its open suggestions as tracked changes and its
 * comment threads as Word comments, with who made them and when.
 */

/** The review a Word export is given besides the manuscript; plain data (it may travel to a worker). */
export interface DocxReview {
  /** The names of the book's people by user id: a suggestion's id names its author by user id. */
  people: Record<string, string>;
  /** The book's comment threads (resolved ones too: Word marks them done). */
  comments: CommentThread[];
  /** When a suggestion whose id carries no time was made at the latest: the book's last change. */
  fallbackDate: string;
}

/** Who made a suggestion and when, as Word's w:ins and w:del say it. */
export interface RevisionAuthor {
  author: string;
  date: string;
}

/** Someone the export cannot name: a suggestion made before ids named their author, or a person gone. */
export const unknownReviewer = 'Reviewer';

export function revisionAuthor(id: unknown, review: DocxReview): RevisionAuthor {
  const parsed = suggestionAuthor(id);
  const author =
    parsed === undefined
      ? unknownReviewer
      : parsed.kind === 'outside'
        ? parsed.name
        : (review.people[parsed.userId] ?? unknownReviewer);
  const at = parsed?.at;
  const date = at !== undefined && Number.isFinite(at) ? new Date(at) : new Date(review.fallbackDate);
  return { author, date: Number.isNaN(date.getTime()) ? new Date(0).toISOString() : stripMillis(date) };
}

/** Word writes revision dates without fractions of a second. */
const stripMillis = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Where one thread's Word comment goes: its chapter (from 1, as `chaptersOf` numbers them) and the range of
 * the chapter's comparable characters (`comparableText`: no whitespace) it covers. `lost`: its quote is no
 * longer in the chapter; the comment is kept at the chapter's first character and says so.
 */
export interface CommentPlacement {
  thread: CommentThread;
  chapter: number;
  start: number;
  end: number;
  lost: boolean;
}

/**
 * Places every thread in the manuscript as stored (with its suggestions: anchors are made and checked
 * against it). A thread whose live-editor mark is in the text follows the mark; else its quote, by the one
 * anchoring rule (contracts' `quoteOffset`).
 */
export function placeComments(document: TiptapDocument, threads: readonly CommentThread[]): CommentPlacement[] {
  const chapters = chaptersOf(document);
  const texts = new Map<number, string>();
  const marked = new Map<string, { chapter: number; start: number; end: number }>();
  for (const chapter of chapters) {
    const nodes = chapterNodes(chapter);
    texts.set(chapter.number, comparableText(documentText({ type: 'doc', content: nodes })));
    let offset = 0;
    const visit = (node: TiptapNode) => {
      if (node.type === 'text') {
        const length = comparableText(node.text ?? '').length;
        for (const mark of node.marks ?? []) {
          const commentId = commentMarkId(mark);
          if (commentId === undefined || length === 0) continue;
          const range = marked.get(commentId);
          if (range && range.chapter === chapter.number) range.end = offset + length;
          else if (!range) marked.set(commentId, { chapter: chapter.number, start: offset, end: offset + length });
        }
        offset += length;
        return;
      }
      for (const child of node.content ?? []) visit(child);
    };
    for (const node of nodes) visit(node);
  }
  return threads.map((thread) => {
    const byMark = thread.anchor.markId ? marked.get(thread.anchor.markId) : undefined;
    if (byMark) return { thread, ...byMark, lost: false };
    const chapter = texts.has(thread.anchor.chapter) ? thread.anchor.chapter : 1;
    const text = texts.get(chapter) ?? '';
    const at = chapter === thread.anchor.chapter ? quoteOffset(thread.anchor, text) : undefined;
    if (at === undefined) return { thread, chapter, start: 0, end: Math.min(1, text.length), lost: true };
    return { thread, chapter, start: at, end: at + comparableText(thread.anchor.quote).length, lost: false };
  });
}

function commentMarkId(mark: unknown): string | undefined {
  if (typeof mark !== 'object' || mark === null) return undefined;
  const { type, attrs } = mark as { type?: unknown; attrs?: { commentId?: unknown } };
  return type === 'comment' && typeof attrs?.commentId === 'string' ? attrs.commentId : undefined;
}

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { foldForSearch } from '@bookwright/contracts/text';
import { chapterOutline } from '../../collab/chapterPresence';

/** Where a link asks the editor to open: a chapter (from 0, as the book search names it) and the words to find in it. */
export interface OpeningRequest {
  chapter: number;
  query?: string;
}

/** The search parameters of an editor link that opens at a passage (`/app/edit/{id}?chapter=2&q=zoe`). */
export const openingParams = { chapter: 'chapter', query: 'q' } as const;

/** The editor's link to a chapter, and to the first place in it where `query` is written. */
export function openingSearch(request: OpeningRequest): string {
  const params = new URLSearchParams({ [openingParams.chapter]: String(request.chapter) });
  const query = request.query?.trim();
  if (query) params.set(openingParams.query, query);
  return `?${params.toString()}`;
}

/** The request a link carries; undefined for a plain link or one whose chapter is not a number from 0. */
export function readOpeningRequest(params: URLSearchParams): OpeningRequest | undefined {
  const chapter = params.get(openingParams.chapter);
  if (chapter === null || !/^\d{1,6}$/.test(chapter)) return undefined;
  const query = params.get(openingParams.query)?.trim();
  return { chapter: Number(chapter), ...(query ? { query } : {}) };
}

export interface OpeningRange {
  from: number;
  to: number;
}

/** Stands for an inline node that is not text (a line break), one position wide, as ProseMirror counts it. */
const inlineLeaf = '\ufffc';

/**
 * Where the editor opens for `request`: the first place in the chapter where the query is written (folded as
 * the book search folds it, so "zoe" finds "Zoë"), else the chapter's start. Undefined when the document has
 * no such chapter (a live book before its first sync, or a link older than an edit that removed it).
 * A match split across two paragraphs is not found: the search's passages never are either.
 */
export function openingRange(doc: ProseMirrorNode, request: OpeningRequest): OpeningRange | undefined {
  const outline = chapterOutline(doc);
  const chapter = outline[request.chapter];
  if (!chapter) return undefined;
  const end = outline[request.chapter + 1]?.from ?? doc.content.size;
  const query = request.query ? foldForSearch(request.query) : '';
  let found: OpeningRange | undefined;
  if (query) {
    doc.nodesBetween(chapter.from, end, (node, position) => {
      if (found) return false;
      if (!node.isTextblock) return true;
      // One character per position: an offset in this text is an offset in the block's content.
      const text = node.textBetween(0, node.content.size, undefined, inlineLeaf);
      const at = foldForSearch(text).indexOf(query);
      if (at >= 0) found = { from: position + 1 + at, to: position + 1 + at + query.length };
      return false;
    });
  }
  return found ?? { from: chapter.from + 1, to: chapter.from + 1 };
}

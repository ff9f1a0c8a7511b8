import {
  chapterNodes,
  chaptersOf,
  documentText,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { countWords, foldForSearch } from '@bookwright/contracts/text';
import { printedManuscript } from '@bookwright/manuscript';
import { contentHash } from './revision-policy';

/**
 * A manuscript as the book service stores it: one row per chapter (contracts' `chaptersOf`: cut at the
 * level-1 headings, from 0), each holding its nodes as JSON joined by commas, with the hash of that text.
 * A save compares hashes and writes only the chapters that changed; a read joins them back
 * (`assembleManuscript`, and the same join in SQL in books.repository). The manuscript's one stored form is
 * `JSON.stringify` of the checked document, which is exactly what the join gives.
 */
export interface StoredChapter {
  nodes: string;
  hash: string;
  /**
   * The words of its text. Counted when first read (a getter): a save cuts and hashes every chapter it is
   * sent but writes, and so counts, only those whose hash changed.
   */
  readonly wordCount: number;
  /** Its text folded for the search (`chapterText` through contracts' `foldForSearch`), made when first read. */
  readonly searchText: string;
}

export interface StoredManuscript {
  /** The whole manuscript as JSON text (what GET /book/{id} answers as `bookContent`). */
  content: string;
  chapters: StoredChapter[];
}

const opening = '{"type":"doc","content":[';
const closing = ']}';

/** The document's text from its chapters' `nodes`, in order: what the SQL join in books.repository computes too. */
export const assembleManuscript = (nodes: readonly string[]): string => `${opening}${nodes.join(',')}${closing}`;

/** One chapter's nodes in their stored form. */
export function storedChapter(nodes: readonly TiptapNode[]): StoredChapter {
  // The array's text without its brackets: the nodes' texts joined by commas, in one pass.
  const text = JSON.stringify(nodes).slice(1, -1);
  let words: number | undefined;
  let folded: string | undefined;
  return {
    nodes: text,
    hash: contentHash(text),
    get wordCount() {
      return (words ??= chapterWordCount(nodes));
    },
    get searchText() {
      return (folded ??= foldForSearch(chapterText(nodes)));
    },
  };
}

/**
 * The words of a chapter's nodes as they print (open suggestions rejected, comments out: decision 0043):
 * the document's count (revision-policy's `wordCountOf`) is the sum of its chapters', since its top-level
 * nodes' texts are joined with blank lines and no word spans two.
 */
export function chapterWordCount(nodes: readonly TiptapNode[]): number {
  let words = 0;
  for (const node of printedManuscript({ type: 'doc', content: [...nodes] }).content) {
    words += countWords(documentText(node));
  }
  return words;
}

/**
 * A chapter's text as it prints (like `chapterWordCount`), its blocks separated by blank lines, in NFC so
 * that a letter typed with a separate accent folds like the composed one. The book search finds matches in
 * this text folded (`StoredChapter.searchText`) and cuts its passages from it: the two are of one length.
 */
export function chapterText(nodes: readonly TiptapNode[]): string {
  return printedManuscript({ type: 'doc', content: [...nodes] })
    .content.map(documentText)
    .join('\n\n')
    .normalize('NFC');
}

/** A checked document cut into its stored chapters. */
export function storedManuscript(document: Pick<TiptapDocument, 'content'>): StoredManuscript {
  const chapters = chaptersOf(document).map((chapter) => storedChapter(chapterNodes(chapter)));
  return { content: assembleManuscript(chapters.map((chapter) => chapter.nodes)), chapters };
}

/**
 * Whether `nodes` put at `index` stay one chapter at that place when the manuscript is cut again: not
 * empty, no level-1 heading after the first node, and (past the first place) starting with one, or they
 * would join the chapter before. Only then can a partial save write that chapter's row alone.
 */
export function staysOneChapter(nodes: readonly TiptapNode[], index: number): boolean {
  const cut = chaptersOf({ content: [...nodes] });
  if (cut.length !== 1) return false;
  return index === 0 || cut[0]?.heading !== null;
}

/** Whether the chapters stored (their hashes; null: no manuscript) are exactly `manuscript`'s. */
export const holdsManuscript = (storedHashes: readonly string[] | null, manuscript: StoredManuscript): boolean =>
  storedHashes !== null &&
  storedHashes.length === manuscript.chapters.length &&
  manuscript.chapters.every((chapter, position) => chapter.hash === storedHashes[position]);

/** The hashes a locked read answers (one string, in order, comma-separated) as a list; null: no manuscript. */
export const chapterHashesOf = (joined: string | null, count: number | null): string[] | null =>
  count === null ? null : count === 0 || joined === null ? [] : joined.split(',');

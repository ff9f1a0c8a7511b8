import {
  chapterNodes,
  chaptersOf,
  commentLimits,
  documentText,
  manuscriptImportMaxBytes,
  type BookLanguage,
  type CommentAnchor,
  type CommentThread,
  type ImportReport,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { countWords } from '@bookwright/contracts/text';
import { memberSuggestionId, outsideSuggestionId } from '@bookwright/manuscript';
import { isLevelOneHeading, markChapters } from '../import/chapters';
import { bookDocument } from '../import/document/book-document';
import { importRefusal } from '../import/refusal';
import { importReport } from '../import/report/import-report';
import { sourceKindOf } from '../import/source/source-kind';
import { readZip } from '../import/zip/read-zip';
import { readWordReview, type WordComment } from './read-review';
import { bookImagesOf, wantsImagePart, type StoreAddedImage } from './reimported-images';

/*
 * The way back (issue 46): an edited Word file, exported from the book, made into the book's new
 * manuscript. The chapters are the file's (from its first chapter title on: before it stand the title
 * and copyright pages the export wrote); text the book holds before its first chapter title stays. Word's
 * tracked changes become suggestions and its comments the threads to open, each on the text it covers.
 */

/** A comment of the Word file to open as a thread of the book. */
export interface CommentToOpen {
  /** The comment's mark in the new manuscript: a reply to it names it. */
  markId: string;
  anchor: CommentAnchor;
  body: string;
  /** A Word reply: to a thread the book has, or to a comment of this file opened before it. */
  replyTo?: { threadId: string } | { markId: string };
}

export interface ReimportedManuscript {
  document: TiptapDocument;
  comments: CommentToOpen[];
  report: ImportReport;
}

export interface ReimportOptions {
  fileName: string;
  language: BookLanguage;
  /** The manuscript as stored now. */
  stored: TiptapDocument;
  /** The book's people by user id: a Word author with one of their names is that person. */
  people: Record<string, string>;
  /** The threads the book has: a Word comment that is one of them (exported, then read back) is not opened again. */
  threads: readonly CommentThread[];
  /** The person importing: comments by anyone else say in their text who wrote them in Word. */
  importer: string;
  /** Stores a picture added in Word under the book (the export's own pictures are the book's already). */
  storeImage: StoreAddedImage;
}

const wantedParts = new Set([
  'word/document.xml',
  'word/comments.xml',
  'word/commentsExtended.xml',
  'word/numbering.xml',
]);

export async function reimportDocx(bytes: Buffer, options: ReimportOptions): Promise<ReimportedManuscript> {
  if (bytes.length > manuscriptImportMaxBytes) throw importRefusal('tooLarge');
  // A password-protected or damaged Word file is refused as a new import would; any other kind of file here.
  if (sourceKindOf(bytes, options.fileName) !== 'zip') throw importRefusal('reimportDocxOnly');
  const zip = await readZip(bytes, (name, size) => wantedParts.has(name) || wantsImagePart(name, size));
  const documentXml = zip.files.get('word/document.xml');
  if (!documentXml) throw importRefusal('reimportDocxOnly');
  const byName = new Map(Object.entries(options.people).map(([id, name]) => [name.trim().toLowerCase(), id]));
  const review = readWordReview(
    {
      document: documentXml.toString('utf8'),
      comments: zip.files.get('word/comments.xml')?.toString('utf8'),
      commentsExtended: zip.files.get('word/commentsExtended.xml')?.toString('utf8'),
      numbering: zip.files.get('word/numbering.xml')?.toString('utf8'),
    },
    {
      suggestionId: (name, at) => {
        const member = byName.get(name.trim().toLowerCase());
        return member ? memberSuggestionId(member, at) : outsideSuggestionId(name, at);
      },
      markPrefix: `word-${Date.now().toString(36)}-`,
    },
  );

  const found = markChapters(review.document.content, options.language).nodes;
  const first = found.findIndex(isLevelOneHeading);
  const chapters = first === -1 ? [] : found.slice(first);
  if (countWords(documentText({ type: 'doc', content: chapters.filter((n) => !isLevelOneHeading(n)) })) === 0)
    throw importRefusal('noText');
  // Only once the file is known to be worth taking are the pictures added in Word stored.
  const images = await bookImagesOf(chapters, zip, options.stored, options.storeImage);
  const imported = images.nodes;
  const storedChapters = chaptersOf(options.stored);
  const before = storedChapters[0]?.heading === null ? chapterNodes(storedChapters[0]) : [];

  let document: TiptapDocument;
  try {
    document = bookDocument([...before, ...imported]);
  } catch (error) {
    throw importRefusal('corrupt', error);
  }
  const comments = commentsToOpen(document, review.comments, options);
  const report = importReport({
    document,
    source: { fileName: options.fileName, kind: 'docx', bytes: bytes.length },
    frontMatter: first > 0 ? ['title-page'] : [],
    metadata: {},
    notes: 0,
    dropped: images.refused.length > 0 ? { images: images.refused.length } : {},
    droppedReasons: { images: namedReasons(images.refused) },
  });
  const kept = [
    ...report.kept,
    ...(comments.length > 0 ? [{ kind: 'comments' as const, count: comments.length }] : []),
    ...(review.suggestions > 0 ? [{ kind: 'tracked-changes' as const, count: review.suggestions }] : []),
  ];
  return { document, comments, report: { ...report, kept } };
}

/** The report holds ten reasons at most: past nine, the rest are counted in the tenth. */
function namedReasons(refused: readonly string[]): string[] {
  const max = 10;
  if (refused.length <= max) return [...refused];
  return [...refused.slice(0, max - 1), `and ${refused.length - (max - 1)} more pictures`];
}

/**
 * The Word comments as threads to open: anchored on the text their mark covers in the new manuscript, in
 * its chapter, with the words around it; those the book already has (same author and text) left out.
 */
function commentsToOpen(
  document: TiptapDocument,
  comments: readonly WordComment[],
  options: Pick<ReimportOptions, 'threads' | 'importer'>,
): CommentToOpen[] {
  const key = (author: string, body: string) => `${author.trim().toLowerCase()}\n${body.trim()}`;
  // Each comment of the book by its author and text, to its thread's id.
  const known = new Map(
    options.threads.flatMap((thread) =>
      [thread, ...thread.replies].map((c) => [key(c.author.name, c.body), thread.id] as const),
    ),
  );
  const anchors = markedAnchors(document);
  /** Word comments that are threads or replies the book has: their mark id to the thread's id. */
  const existing = new Map<string, string>();
  const out: CommentToOpen[] = [];
  for (const comment of comments) {
    const threadId = known.get(key(comment.author, comment.body));
    if (threadId !== undefined) {
      existing.set(comment.markId, threadId);
      continue;
    }
    const anchor = anchors.get(comment.markId);
    if (!anchor) continue;
    const parent = comment.replyTo;
    const replyTo =
      parent === undefined
        ? undefined
        : existing.has(parent)
          ? { threadId: existing.get(parent)! }
          : { markId: parent };
    const byImporter = comment.author.trim().toLowerCase() === options.importer.trim().toLowerCase();
    const when = comment.date && !Number.isNaN(Date.parse(comment.date)) ? `, ${comment.date.slice(0, 10)}` : '';
    const body = byImporter ? comment.body : `${comment.author} (in Word${when}): ${comment.body}`;
    out.push({
      markId: comment.markId,
      anchor,
      body: body.slice(0, commentLimits.body),
      ...(replyTo ? { replyTo } : {}),
    });
  }
  return out;
}

/** Each comment mark's anchor in the document: its chapter, its text and up to 64 characters either side. */
function markedAnchors(document: TiptapDocument): Map<string, CommentAnchor> {
  const anchors = new Map<string, CommentAnchor>();
  for (const chapter of chaptersOf(document)) {
    let text = '';
    const ranges = new Map<string, { start: number; end: number }>();
    const visit = (node: TiptapNode) => {
      if (node.type === 'text') {
        const start = text.length;
        text += node.text ?? '';
        for (const mark of node.marks ?? []) {
          const id = (mark as { type?: string; attrs?: { commentId?: unknown } }).attrs?.commentId;
          if ((mark as { type?: string }).type !== 'comment' || typeof id !== 'string') continue;
          const range = ranges.get(id);
          ranges.set(id, { start: range?.start ?? start, end: text.length });
        }
        return;
      }
      if (node.type === 'hardBreak') text += '\n';
      for (const child of node.content ?? []) visit(child);
      // Blocks apart, as documentText parts them; anchors compare without whitespace anyway.
      if (node.type !== 'text' && node.type !== 'hardBreak') text += '\n';
    };
    for (const node of chapterNodes(chapter)) visit(node);
    for (const [markId, { start, end }] of ranges) {
      const quote = text.slice(start, end).slice(0, commentLimits.quote);
      if (!/\S/.test(quote)) continue;
      anchors.set(markId, {
        chapter: chapter.number,
        quote,
        prefix: text.slice(Math.max(0, start - commentLimits.context), start),
        suffix: text.slice(end, end + commentLimits.context),
        markId,
      });
    }
  }
  return anchors;
}

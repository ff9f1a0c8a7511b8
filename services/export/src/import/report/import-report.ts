import {
  chapterNodes,
  chaptersOf,
  documentText,
  importDroppedKinds,
  importKeptKinds,
  type FrontMatterKind,
  type ImportDroppedKind,
  type ImportKeptKind,
  type ImportReport,
  type ImportSourceKind,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { countWords } from '@bookwright/contracts/text';
import { inlineText } from '../source/inline-text';
import type { DeclaredMetadata, DroppedCounts } from '../source/source-document';

/**
 * What the import kept, counted in the book as it now is (not in the file), and what it left out, as the
 * readers counted it: the report the author sees.
 */
export function importReport(input: {
  document: TiptapDocument;
  source: { fileName: string; kind: ImportSourceKind; bytes: number };
  frontMatter: FrontMatterKind[];
  metadata: DeclaredMetadata;
  notes: number;
  dropped: DroppedCounts;
  /** Why things of a kind were dropped, when the kind alone does not say. */
  droppedReasons?: Partial<Record<ImportDroppedKind, string[]>>;
}): ImportReport {
  const chapters = chaptersOf(input.document)
    .filter((chapter) => chapter.heading !== null || chapter.blocks.length > 0)
    .map((chapter) => ({
      title: chapter.heading ? inlineText(chapter.heading.content).trim() : '',
      words: countWords(documentText({ type: 'doc', content: chapterNodes(chapter) })),
    }));
  const kept: Partial<Record<ImportKeptKind, number>> = {
    chapters: chapters.filter((chapter) => chapter.title !== '').length,
    notes: input.notes,
  };
  const add = (kind: ImportKeptKind) => (kept[kind] = (kept[kind] ?? 0) + 1);
  const visit = (node: TiptapNode) => {
    if (node.type === 'blockquote') add('block-quotes');
    if (node.type === 'bulletList' || node.type === 'orderedList') add('lists');
    if (node.type === 'horizontalRule') add('scene-breaks');
    if (node.type === 'image') add('images');
    const align = node.attrs?.['textAlign'];
    if (typeof align === 'string' && align !== 'left') add('alignment');
    for (const mark of (node.marks ?? []) as { type: string }[]) {
      if (mark.type === 'italic') add('italics');
      if (mark.type === 'bold') add('bold');
      if (mark.type === 'underline') add('underline');
      if (mark.type === 'smallCaps') add('small-caps');
    }
    for (const child of node.content ?? []) visit(child);
  };
  input.document.content.forEach(visit);
  return {
    source: input.source,
    chapters,
    words: countWords(documentText(input.document)),
    frontMatter: input.frontMatter,
    metadata: input.metadata,
    kept: importKeptKinds.flatMap((kind) => (kept[kind] ? [{ kind, count: kept[kind] }] : [])),
    dropped: importDroppedKinds.flatMap((kind: ImportDroppedKind) => {
      const count = input.dropped[kind];
      const reasons = input.droppedReasons?.[kind] ?? [];
      return count ? [reasons.length > 0 ? { kind, count, reasons } : { kind, count }] : [];
    }),
  };
}

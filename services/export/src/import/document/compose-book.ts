import { countWords } from '@bookwright/contracts/text';
import {
  documentText,
  parseImportedImageSrc,
  type BookLanguage,
  type ImportReport,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { isLevelOneHeading, markChapters } from '../chapters';
import { frontMatterHeadingKind, readFrontMatter } from '../front-matter/front-matter';
import { toEndnotes } from '../notes/endnotes';
import { importRefusal } from '../refusal';
import { importReport } from '../report/import-report';
import { markSceneBreaks } from '../scene-breaks/scene-breaks';
import { inlineText } from '../source/inline-text';
import type { SourceBlock, SourceDocument } from '../source/source-document';
import { bookDocument } from './book-document';
import type { ImportedImageFile } from '../images/imported-images';

export interface ComposedBook {
  document: TiptapDocument;
  report: ImportReport;
  /** The images the document names (`imported:{imageId}`), to be stored with the new book. */
  images: ImportedImageFile[];
}

/**
 * A manuscript read by any of the readers made into the book: chapters found, front matter taken out
 * (its title, author and rights into the metadata), scene breaks as the one rule, notes as endnotes, the
 * whole checked against the editor's schema, and the report of it all.
 */
export function composeBook(
  source: SourceDocument,
  options: { language: BookLanguage; fileName: string; bytes: number },
): ComposedBook {
  const roled = source.blocks.filter((block) => block.role !== undefined);
  // A heading with no text (`#` alone in Markdown) is a scene break typed as one.
  const flow = source.blocks
    .filter((block) => block.role === undefined)
    .map((block) => (isEmptyHeading(block.node) ? { ...block, node: { type: 'horizontalRule' } } : block));
  const marked = markChapters(
    flow.map((block) => block.node),
    options.language,
  ).nodes;
  const blocks: SourceBlock[] = flow.map((block, index) => ({ ...block, node: marked[index]! }));

  const titlePage = roled.find((block) => block.role === 'title-page' && block.node.type === 'heading');
  const bookTitle = source.declared.title ?? (titlePage ? inlineText(titlePage.node.content) : undefined);
  const start = firstChapterIndex(blocks, bookTitle);
  const front = readFrontMatter([...roled, ...blocks.slice(0, start)], source.declared);
  const body: TiptapNode[] = [...front.kept, ...blocks.slice(start).map((block) => block.node)];
  if (!body.some(isLevelOneHeading)) {
    // No chapter titles at all: the text is one chapter, under the book's title.
    const title = front.metadata.title ?? options.fileName.replace(/\.[^.]+$/, '');
    body.unshift({ type: 'heading', attrs: { level: 1, textAlign: null }, content: [{ type: 'text', text: title }] });
  }
  const withBreaks = markSceneBreaks(body);
  const { nodes, count: notes } = toEndnotes(withBreaks, source.notes, options.language);
  if (countWords(documentText({ type: 'doc', content: nodes.filter((node) => !isLevelOneHeading(node)) })) === 0)
    throw importRefusal('noText');

  let document: TiptapDocument;
  try {
    document = bookDocument(nodes);
  } catch (error) {
    // A reader left a node the editor cannot hold: the file is refused, never stored half-checked.
    throw importRefusal('corrupt', error);
  }
  const report = importReport({
    document,
    source: { fileName: options.fileName, kind: source.kind, bytes: options.bytes },
    frontMatter: front.kinds,
    metadata: front.metadata,
    notes,
    dropped: source.dropped,
    droppedReasons: { images: [...(source.images?.reasons ?? [])] },
  });
  return { document, report, images: namedImages(document, source) };
}

/** The images the finished document still names (front matter taken out may have held some). */
function namedImages(document: TiptapDocument, source: SourceDocument): ImportedImageFile[] {
  const named = new Set<string>();
  const visit = (node: TiptapNode) => {
    const id = node.type === 'image' ? parseImportedImageSrc(String(node.attrs?.['src'] ?? '')) : null;
    if (id) named.add(id);
    node.content?.forEach(visit);
  };
  document.content.forEach(visit);
  return [...(source.images?.files.values() ?? [])].filter((file) => named.has(file.imageId));
}

/**
 * Where the chapters start: the first level-1 heading that is neither a front-matter page ("Contents") nor
 * the book's own title (pandoc heads what comes before the first chapter with it).
 */
function firstChapterIndex(blocks: readonly SourceBlock[], bookTitle: string | undefined): number {
  for (let index = 0; index < blocks.length; index += 1) {
    const node = blocks[index]!.node;
    if (!isLevelOneHeading(node)) continue;
    const text = inlineText(node.content);
    if (frontMatterHeadingKind(text) === undefined && !sameTitle(text, bookTitle)) return index;
  }
  return blocks.some((block) => isLevelOneHeading(block.node)) ? blocks.length : 0;
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
export const sameTitle = (text: string, title: string | undefined): boolean =>
  title !== undefined && normalised(text) === normalised(title);

const isEmptyHeading = (node: TiptapNode): boolean => node.type === 'heading' && inlineText(node.content).trim() === '';

import { documentText, type TiptapDocument, type TiptapNode } from './tiptap-document';

/**
 * One chapter of a manuscript: its level-1 heading and the blocks after it, up to the next level-1
 * heading. The one definition of "a chapter" for every owner: the writer assembles a book this way (a
 * level-1 heading per chapter), authors add chapters in the editor the same way, a translation works chapter
 * by chapter on it, and a partial save (`PATCH /book/content/{id}` with `chapters`) names chapters by their
 * place in this list.
 */
export interface ManuscriptChapter {
  /** From 1, in reading order. */
  number: number;
  /** The chapter's level-1 heading, or null for what comes before the first heading. */
  heading: TiptapNode | null;
  blocks: TiptapNode[];
}

export const isChapterHeading = (node: TiptapNode): boolean =>
  node.type === 'heading' && (node.attrs?.['level'] ?? 1) === 1;

/**
 * The manuscript cut at its level-1 headings. Anything before the first heading is a chapter of its own,
 * so no text is lost: the chapters' nodes, one after the other, are the document's content.
 */
export function chaptersOf(document: Pick<TiptapDocument, 'content'>): ManuscriptChapter[] {
  const chapters: ManuscriptChapter[] = [];
  let current: ManuscriptChapter | undefined;
  for (const node of document.content ?? []) {
    if (isChapterHeading(node) || !current) {
      current = { number: chapters.length + 1, heading: isChapterHeading(node) ? node : null, blocks: [] };
      chapters.push(current);
      if (isChapterHeading(node)) continue;
    }
    current.blocks.push(node);
  }
  return chapters;
}

/** A chapter's nodes as the document holds them: its heading (if any), then its blocks. */
export const chapterNodes = (chapter: ManuscriptChapter): TiptapNode[] =>
  chapter.heading ? [chapter.heading, ...chapter.blocks] : chapter.blocks;

/** Each chapter's characters as the editor counts them (documentText): what the page estimate reads. */
export const chapterCharacters = (document: Pick<TiptapDocument, 'content'>): number[] =>
  chaptersOf(document).map((chapter) => documentText({ type: 'doc', content: chapterNodes(chapter) }).length);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A document as a client sent it (parsed JSON, not yet checked), cut into its chapters' nodes as
 * `chaptersOf` cuts (which reads only `type` and `attrs.level`); undefined for anything but
 * `{type: 'doc', content: [objects]}` with nothing else, which only the document's schema can describe.
 * For comparing what was sent with what is stored before checking it: the nodes are still unchecked.
 */
export function sentChapterNodes(raw: unknown): TiptapNode[][] | undefined {
  if (!isRecord(raw) || raw['type'] !== 'doc' || !Array.isArray(raw['content'])) return undefined;
  if (Object.keys(raw).length !== 2) return undefined;
  const content = raw['content'] as unknown[];
  if (!content.every(isRecord)) return undefined;
  return chaptersOf({ content: content as TiptapNode[] }).map(chapterNodes);
}

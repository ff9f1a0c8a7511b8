import type { BookLanguage, TiptapNode } from '@bookwright/contracts/http';
import { inlineText } from '../source/inline-text';
import { readsAsChapterTitle } from './chapter-titles';

/**
 * The chapters of a manuscript found as a typesetter finds them, marked the one way the book knows a
 * chapter (contracts' `chaptersOf`): a level-1 heading.
 * - A manuscript with Heading 1 paragraphs has its chapters there.
 * - Otherwise a paragraph that reads as a chapter title in the book's language ("Chapter 7", "CHAPTER
 *   SEVEN", "Prologue", "Kapitel 3", …) becomes the level-1 heading it stands for; a lone higher heading
 *   that reads as one ("## Chapter 2") too.
 * Returns the nodes (new arrays; the nodes that do not change are shared) and whether any chapter was found.
 */
export function markChapters(
  nodes: readonly TiptapNode[],
  language: BookLanguage,
): { nodes: TiptapNode[]; found: boolean } {
  const headings = nodes.filter(isLevelOneHeading).length;
  const titled = nodes.filter((node) => readsAsTitle(node, language)).length;
  // One Heading 1 (the book's title, typed as a heading) among "CHAPTER ONE" paragraphs is not the chapters.
  if (headings >= 2 || (headings === 1 && titled < 2)) return { nodes: [...nodes], found: true };
  let found = false;
  const marked = nodes.map((node) => {
    if (!readsAsTitle(node, language)) return node;
    found = true;
    const textAlign = node.attrs?.['textAlign'] ?? null;
    return { type: 'heading', attrs: { level: 1, textAlign }, content: node.content ?? [] };
  });
  if (found) return { nodes: marked, found };
  return { nodes: [...nodes], found: false };
}

export const isLevelOneHeading = (node: TiptapNode): boolean =>
  node.type === 'heading' && (node.attrs?.['level'] ?? 1) === 1;

const readsAsTitle = (node: TiptapNode, language: BookLanguage): boolean =>
  (node.type === 'paragraph' || (node.type === 'heading' && !isLevelOneHeading(node))) &&
  readsAsChapterTitle(inlineText(node.content), language);

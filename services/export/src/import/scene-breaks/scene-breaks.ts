import type { TiptapNode } from '@bookwright/contracts/http';
import { inlineText } from '../source/inline-text';

/**
 * A line that stands for a scene break in a manuscript: `***`, `* * *`, `#`, `~ ~ ~`, `⁂`, `§`, `• • •`,
 * `—` alone, or an empty centred paragraph.
 */
const breakLine = /^(?:(?:[*•·~+=-]\s*){3,}|#|##|###|⁂|§|\*|—|–|o\s*o\s*o)$/u;

export function isSceneBreak(node: TiptapNode): boolean {
  if (node.type === 'horizontalRule') return true;
  if (node.type !== 'paragraph') return false;
  const text = inlineText(node.content)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  if (text === '') return node.attrs?.['textAlign'] === 'center';
  return breakLine.test(text);
}

/**
 * The book's one scene-break node (the rule the EPUB and the PDF render) wherever the manuscript marks a
 * break, at most one in a row, and none at a chapter's start or end, where the chapter itself breaks.
 * Other empty paragraphs (spacing typed with Enter) go.
 */
export function markSceneBreaks(nodes: readonly TiptapNode[]): TiptapNode[] {
  const result: TiptapNode[] = [];
  for (const node of nodes) {
    if (isSceneBreak(node)) {
      const last = result.at(-1);
      if (last && last.type !== 'horizontalRule' && !isChapterStart(last)) result.push({ type: 'horizontalRule' });
      continue;
    }
    if (node.type === 'paragraph' && (node.content ?? []).length === 0) continue;
    if (isChapterStart(node) && result.at(-1)?.type === 'horizontalRule') result.pop();
    result.push(node);
  }
  if (result.at(-1)?.type === 'horizontalRule') result.pop();
  return result;
}

const isChapterStart = (node: TiptapNode): boolean => node.type === 'heading' && (node.attrs?.['level'] ?? 1) === 1;

import type { TiptapNode } from '@bookwright/contracts/http';

/**
 * A manuscript's text as a model translates it, and back. Each text block (paragraph, heading) is one
 * segment; text with marks (italic, bold, links) is wrapped in numbered tags, ⟦1⟧…⟦/1⟧, and a hard break
 * is ⟦br⟧, so the model translates whole sentences and the marks land on the translated words. Whatever
 * the model does to the tags, the node structure around the text is the original's.
 */

/** A text block of the original and how to rebuild it from its translation. */
export interface Segment {
  text: string;
  /** Marks of tag n (1-based): the original text node's marks. */
  marks: (unknown[] | undefined)[];
}

const isTextBlock = (node: TiptapNode) =>
  Array.isArray(node.content) && node.content.some((c) => c.type === 'text' || c.type === 'hardBreak');

/** The segment of one text block. */
export function segmentOf(block: TiptapNode): Segment {
  const marks: (unknown[] | undefined)[] = [];
  let text = '';
  for (const child of block.content ?? []) {
    if (child.type === 'hardBreak') text += '⟦br⟧';
    else if (child.type === 'text') {
      const value = child.text ?? '';
      if (child.marks && child.marks.length > 0) {
        marks.push(child.marks);
        const n = marks.length;
        text += `⟦${n}⟧${value}⟦/${n}⟧`;
      } else text += value;
    }
  }
  return { text, marks };
}

/** Every text block under `nodes`, in reading order (lists and quotes are walked into). */
export function textBlocksOf(nodes: TiptapNode[]): TiptapNode[] {
  const found: TiptapNode[] = [];
  const walk = (node: TiptapNode) => {
    if (isTextBlock(node)) found.push(node);
    else for (const child of node.content ?? []) walk(child);
  };
  nodes.forEach(walk);
  return found;
}

const token = /⟦(\/?)(\d+)⟧|⟦br⟧/g;

/**
 * The inline content of a text block from its translated segment. Tags that do not match the original's
 * (missing, unbalanced, invented) fall back to the plain text without marks rather than fail the chapter.
 */
export function inlineFromTranslation(translated: string, segment: Segment): TiptapNode[] {
  const nodes: TiptapNode[] = [];
  const push = (text: string, marks?: unknown[]) => {
    if (!text) return;
    nodes.push(marks && marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text });
  };
  let open: number | undefined;
  let last = 0;
  let valid = true;
  for (const match of translated.matchAll(token)) {
    const before = translated.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[0] === '⟦br⟧') {
      push(before, open ? segment.marks[open - 1] : undefined);
      nodes.push({ type: 'hardBreak' });
      continue;
    }
    const n = Number(match[2]);
    const closing = match[1] === '/';
    if (n < 1 || n > segment.marks.length || (closing ? open !== n : open !== undefined)) {
      valid = false;
      break;
    }
    push(before, open ? segment.marks[open - 1] : undefined);
    open = closing ? undefined : n;
  }
  if (valid && open === undefined) {
    push(translated.slice(last));
    return nodes;
  }
  // The model mangled the tags: keep its words, drop the marks, keep the line breaks.
  const plain: TiptapNode[] = [];
  translated.split('⟦br⟧').forEach((part, index) => {
    if (index > 0) plain.push({ type: 'hardBreak' });
    const text = part.replace(/⟦\/?\d+⟧/g, '');
    if (text) plain.push({ type: 'text', text });
  });
  return plain;
}

/**
 * A deep copy of `nodes` with the content of each text block replaced, in the order `textBlocksOf` lists
 * them: attributes, block types, lists and alignment stay the original's.
 */
export function replaceTextBlocks(nodes: TiptapNode[], inlines: TiptapNode[][]): TiptapNode[] {
  let index = 0;
  const copy = (node: TiptapNode): TiptapNode => {
    if (isTextBlock(node)) {
      const content = inlines[index++] ?? [];
      const { content: _old, ...rest } = node;
      void _old;
      return content.length > 0 ? { ...rest, content } : rest;
    }
    return node.content ? { ...node, content: node.content.map(copy) } : { ...node };
  };
  return nodes.map(copy);
}

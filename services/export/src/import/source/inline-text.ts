import type { TiptapNode } from '@bookwright/contracts/http';

export type InlineMark = { type: string; attrs?: Record<string, unknown> };

/**
 * Builds a block's inline content run by run: adjacent text with the same marks becomes one text node, and
 * empty text none, as the editor's own documents hold it.
 */
export class InlineBuilder {
  readonly nodes: TiptapNode[] = [];

  text(text: string, given: readonly InlineMark[]): void {
    if (text.length === 0) return;
    // A mark once: Word nests runs in hyperlinks in runs, and the schema allows each mark once on a text.
    const marks = given.filter((mark, index) => given.findIndex((other) => other.type === mark.type) === index);
    const last = this.nodes.at(-1);
    if (last?.type === 'text' && sameMarks(last.marks as InlineMark[] | undefined, marks)) {
      last.text = `${last.text ?? ''}${text}`;
      return;
    }
    this.nodes.push(marks.length > 0 ? { type: 'text', text, marks: [...marks] } : { type: 'text', text });
  }

  node(node: TiptapNode): void {
    this.nodes.push(node);
  }

  /** The content, with the whitespace at either end of the block trimmed (Word keeps trailing spaces). */
  content(): TiptapNode[] {
    const nodes = this.nodes;
    while (nodes[0]?.type === 'hardBreak') nodes.shift();
    while (nodes.at(-1)?.type === 'hardBreak') nodes.pop();
    const first = nodes[0];
    if (first?.type === 'text') first.text = (first.text ?? '').replace(/^\s+/, '');
    const last = nodes.at(-1);
    if (last?.type === 'text') last.text = (last.text ?? '').replace(/\s+$/, '');
    return nodes.filter((node) => node.type !== 'text' || (node.text ?? '').length > 0);
  }
}

function sameMarks(a: readonly InlineMark[] | undefined, b: readonly InlineMark[]): boolean {
  const left = a ?? [];
  if (left.length !== b.length) return false;
  return left.every((mark, index) => {
    const other = b[index];
    return (
      other !== undefined && mark.type === other.type && JSON.stringify(mark.attrs) === JSON.stringify(other.attrs)
    );
  });
}

/** The plain text of inline content (notes' references left out). */
export function inlineText(nodes: readonly TiptapNode[] | undefined): string {
  let text = '';
  for (const node of nodes ?? []) {
    if (node.type === 'text') text += node.text ?? '';
    else if (node.type === 'hardBreak') text += ' ';
    else if (node.content) text += inlineText(node.content);
  }
  return text;
}

import type { TiptapNode } from '@bookwright/contracts/http';

/* The editor's nodes, for the test manuscripts (both sample books build theirs from these). */

export const text = (value: string, marks?: TiptapNode['marks']): TiptapNode =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
export const paragraph = (...content: TiptapNode[]): TiptapNode => ({ type: 'paragraph', content });
export const heading = (level: number, value: string): TiptapNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
export const listItem = (value: string): TiptapNode => ({ type: 'listItem', content: [paragraph(text(value))] });

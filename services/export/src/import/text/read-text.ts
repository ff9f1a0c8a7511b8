import type { TiptapNode } from '@bookwright/contracts/http';
import type { SourceDocument } from '../source/source-document';
import { decodeText } from './decode-text';

/**
 * A plain-text manuscript. Paragraphs are separated by blank lines when the file has any (lines within a
 * paragraph joined, as a word processor would wrap them); otherwise every line is a paragraph.
 */
export function readText(bytes: Buffer): SourceDocument {
  const text = decodeText(bytes);
  const paragraphs = /\n[ \t]*\n/.test(text)
    ? text.split(/\n[ \t]*\n+/).map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' '))
    : text.split('\n');
  const blocks = paragraphs
    .map((paragraph) => paragraph.replace(/[ \t]+$/g, '').replace(/^[ \t]+/, ''))
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph): { node: TiptapNode } => ({
      node: { type: 'paragraph', content: [{ type: 'text', text: paragraph }] },
    }));
  return { kind: 'text', blocks, notes: new Map(), declared: {}, dropped: {} };
}

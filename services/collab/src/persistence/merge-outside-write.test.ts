import { describe, expect, it } from 'vitest';
import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import { mergeOutsideWrite } from './merge-outside-write';

const heading = (text: string): TiptapNode => ({
  type: 'heading',
  attrs: { level: 1 },
  content: [{ type: 'text', text }],
});
const paragraph = (text: string): TiptapNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const book = (...chapters: string[]): TiptapDocument => ({
  type: 'doc',
  content: chapters.flatMap((text, index) => [heading(`Chapter ${index + 1}`), paragraph(text)]),
});

describe('merging an outside write into the live document', () => {
  it('keeps the live edits of the chapters the outside write left alone, and takes the others from it', () => {
    const merged = mergeOutsideWrite(book('a', 'b', 'c'), book('a', 'B from outside', 'c'), book('a live', 'b', 'c'));
    expect(merged).toEqual({ document: book('a live', 'B from outside', 'c'), conflicts: [], tookTheirsWhole: false });
  });

  it('keeps the outside write in a chapter both changed, and says so', () => {
    const merged = mergeOutsideWrite(book('a', 'b'), book('a', 'outside'), book('a', 'live'));
    expect(merged.document).toEqual(book('a', 'outside'));
    expect(merged.conflicts).toEqual([1]);
  });

  it('takes the outside write whole when the chapters no longer line up', () => {
    const merged = mergeOutsideWrite(book('a', 'b'), book('a', 'b', 'new chapter'), book('a', 'live'));
    expect(merged).toEqual({ document: book('a', 'b', 'new chapter'), conflicts: [], tookTheirsWhole: true });
  });

  it('keeps the live document as it is when the outside write changed nothing', () => {
    expect(mergeOutsideWrite(book('a'), book('a'), book('a live')).document).toEqual(book('a live'));
  });
});

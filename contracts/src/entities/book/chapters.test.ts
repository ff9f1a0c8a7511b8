import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chapterNodes, chaptersOf } from './chapters';
import type { TiptapNode } from './tiptap-document';

const text = (value: string) => [{ type: 'text', text: value }];
const heading = (level: number, value: string): TiptapNode => ({
  type: 'heading',
  attrs: { level },
  content: text(value),
});
const paragraph = (value: string): TiptapNode => ({ type: 'paragraph', content: text(value) });

describe('chaptersOf', () => {
  it('cuts at level-1 headings only, numbering from 1, with the text before the first heading as a chapter', () => {
    const chapters = chaptersOf({
      content: [paragraph('preface'), heading(1, 'One'), paragraph('a'), heading(2, 'A part'), heading(1, 'Two')],
    });
    expect(chapters).toEqual([
      { number: 1, heading: null, blocks: [paragraph('preface')] },
      { number: 2, heading: heading(1, 'One'), blocks: [paragraph('a'), heading(2, 'A part')] },
      { number: 3, heading: heading(1, 'Two'), blocks: [] },
    ]);
    expect(chaptersOf({ content: [] })).toEqual([]);
  });

  it('loses and adds nothing: the chapters’ nodes in order are the document', () => {
    const node = fc.oneof(
      fc.string({ minLength: 1, maxLength: 5 }).map(paragraph),
      fc
        .tuple(fc.integer({ min: 1, max: 3 }), fc.string({ minLength: 1, maxLength: 5 }))
        .map(([l, v]) => heading(l, v)),
    );
    fc.assert(
      fc.property(fc.array(node, { maxLength: 30 }), (content) => {
        const chapters = chaptersOf({ content });
        expect(chapters.flatMap(chapterNodes)).toEqual(content);
        expect(chapters.slice(1).every((chapter) => chapter.heading !== null)).toBe(true);
      }),
    );
  });
});

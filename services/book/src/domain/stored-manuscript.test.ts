import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chapterNodes,
  chaptersOf,
  isChapterHeading,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { assembleManuscript, chapterHashesOf, staysOneChapter, storedManuscript } from './stored-manuscript';
import { wordCountOf } from './revision-policy';

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const paragraph = text.map((value): TiptapNode => ({ type: 'paragraph', content: [{ type: 'text', text: value }] }));
const heading = fc.tuple(fc.integer({ min: 1, max: 3 }), text).map(([level, value]): TiptapNode => ({
  type: 'heading',
  attrs: { level },
  content: [{ type: 'text', text: value }],
}));
const nodes = fc.array(fc.oneof(paragraph, heading), { maxLength: 12 });

describe('storedManuscript', () => {
  it('joins back to the one stored form of the document, whatever its text', () => {
    fc.assert(
      fc.property(nodes, (content) => {
        const document: TiptapDocument = { type: 'doc', content };
        const stored = storedManuscript(document);
        expect(stored.content).toBe(JSON.stringify(document));
        expect(assembleManuscript(stored.chapters.map((chapter) => chapter.nodes))).toBe(stored.content);
        expect(stored.chapters).toHaveLength(chaptersOf(document).length);
      }),
    );
  });

  it("counts the words of a document as the sum of its chapters' counts", () => {
    // Words and every kind of gap: spaces inside a text, at its ends, non-ASCII ones, and none between
    // two texts of one paragraph (they make one word).
    const spaced = fc
      .array(fc.constantFrom('word', 'a b', ' ', '\u00a0', '\n', 'x\u2003y', 'été', '', '—'), { maxLength: 6 })
      .map((parts) => parts.join(''));
    const inline = fc
      .array(spaced, { minLength: 1, maxLength: 3 })
      .map((texts) => texts.map((value) => ({ type: 'text', text: value })));
    const block: fc.Arbitrary<TiptapNode> = fc.oneof(
      inline.map((content): TiptapNode => ({ type: 'paragraph', content })),
      inline.map((content): TiptapNode => ({ type: 'heading', attrs: { level: 1 }, content })),
      inline.map((content): TiptapNode => ({
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph', content }] },
          { type: 'listItem', content: [{ type: 'paragraph', content }] },
        ],
      })),
      inline.map((content): TiptapNode => ({ type: 'blockquote', content: [{ type: 'paragraph', content }] })),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 10 }), (content) => {
        const document: TiptapDocument = { type: 'doc', content };
        const chapters = storedManuscript(document).chapters;
        expect(chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0)).toBe(wordCountOf(document));
      }),
    );
  });

  it('counts the words as the manuscript prints: a suggested insertion not, a suggested deletion and commented text yes', () => {
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'One' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The keeper ', marks: [{ type: 'comment', attrs: { commentId: 'c-1' } }] },
            { type: 'text', text: 'slowly and surely ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
            { type: 'text', text: 'climbs the old', marks: [{ type: 'deletion', attrs: { id: 2 } }] },
            { type: 'text', text: ' stairs.' },
          ],
        },
        {
          type: 'heading',
          attrs: { level: 1 },
          marks: [{ type: 'insertion', attrs: { id: 3 } }],
          content: [{ type: 'text', text: 'Two new words', marks: [{ type: 'insertion', attrs: { id: 3 } }] }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Night falls.' }] },
      ],
    };
    // One, The keeper climbs the old stairs, Night falls.
    expect(wordCountOf(document)).toBe(9);
    const chapters = storedManuscript(document).chapters;
    expect(chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0)).toBe(9);
  });

  it('hashes the same chapter the same and a changed one differently', () => {
    const one = storedManuscript({ content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] });
    const same = storedManuscript({ content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] });
    const other = storedManuscript({ content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }] });
    expect(one.chapters[0]?.hash).toBe(same.chapters[0]?.hash);
    expect(one.chapters[0]?.hash).not.toBe(other.chapters[0]?.hash);
  });
});

describe('staysOneChapter', () => {
  it('when it says yes, the manuscript cut again has the same chapters, with these nodes at that place', () => {
    fc.assert(
      fc.property(nodes, nodes, nodes, (before, middle, after) => {
        const startsChapter = (list: TiptapNode[]) => list.length === 0 || isChapterHeading(list[0] as TiptapNode);
        fc.pre(startsChapter(after));
        const place = chaptersOf({ content: before }).length;
        fc.pre(staysOneChapter(middle, place));
        const cut = (list: TiptapNode[]) => chaptersOf({ content: list }).map(chapterNodes);
        expect(cut([...before, ...middle, ...after])).toEqual([...cut(before), middle, ...cut(after)]);
      }),
    );
  });

  it('says no for nodes that would vanish, join the chapter before or split', () => {
    const one = { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'One' }] };
    const body = { type: 'paragraph', content: [{ type: 'text', text: 'a' }] };
    expect(staysOneChapter([], 1)).toBe(false);
    expect(staysOneChapter([body], 1)).toBe(false);
    expect(staysOneChapter([one, body, one], 1)).toBe(false);
    expect(staysOneChapter([body], 0)).toBe(true);
    expect(staysOneChapter([one, body], 2)).toBe(true);
  });
});

describe('chapterHashesOf', () => {
  it('reads the joined hashes, an empty manuscript and none', () => {
    expect(chapterHashesOf('a,b', 2)).toEqual(['a', 'b']);
    expect(chapterHashesOf(null, 0)).toEqual([]);
    expect(chapterHashesOf(null, null)).toBeNull();
  });
});

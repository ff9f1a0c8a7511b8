import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chaptersOf, type TiptapDocument } from '@bookwright/contracts/http';
import { bookSchema } from '@bookwright/manuscript/schema';
import { chapterAt, chapterOutline, peopleByChapter } from './chapterPresence';

const heading = (text: string, level = 1) => ({
  type: 'heading',
  attrs: { level, textAlign: null },
  content: text ? [{ type: 'text', text }] : [],
});
const paragraph = (text: string) => ({
  type: 'paragraph',
  attrs: { textAlign: null },
  content: [{ type: 'text', text }],
});
const docOf = (...content: object[]) => bookSchema().nodeFromJSON({ type: 'doc', content });

describe('the chapters of a live book', () => {
  it('are its level-1 headings, with where each starts', () => {
    const doc = docOf(heading('One'), paragraph('a'), heading('Part', 2), heading('Two'), paragraph('b'));
    const outline = chapterOutline(doc);
    expect(outline.map(({ number, title }) => ({ number, title }))).toEqual([
      { number: 1, title: 'One' },
      { number: 2, title: 'Two' },
    ]);
    expect(doc.resolve(outline[1]!.from).nodeAfter?.textContent).toBe('Two');
    expect(outline[0]!.from).toBe(0);
  });

  it('count what comes before the first heading as a chapter of its own, untitled, as chaptersOf does', () => {
    const outline = chapterOutline(docOf(paragraph('Foreword'), heading(''), paragraph('x')));
    expect(outline.map(({ number, title }) => ({ number, title }))).toEqual([
      { number: 1, title: null },
      { number: 2, title: null },
    ]);
  });

  it('agree with contracts’ chaptersOf on any sequence of blocks', () => {
    const block = fc.oneof(
      fc.string({ maxLength: 5 }).map((t) => heading(t.trim(), 1)),
      fc.string({ maxLength: 5 }).map((t) => heading(t.trim(), 2)),
      fc.string({ minLength: 1, maxLength: 5 }).map((t) => paragraph(t)),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 12 }), (blocks) => {
        const outline = chapterOutline(docOf(...blocks));
        expect(outline.map((c) => c.number)).toEqual(
          chaptersOf({ content: blocks } as unknown as TiptapDocument).map((c) => c.number),
        );
      }),
    );
  });

  it('name the chapter a position is in, the first one for a position before it', () => {
    const outline = [
      { number: 1, title: 'One', from: 0 },
      { number: 2, title: 'Two', from: 40 },
      { number: 3, title: 'Three', from: 90 },
    ];
    expect(chapterAt(outline, 0)).toBe(1);
    expect(chapterAt(outline, 39)).toBe(1);
    expect(chapterAt(outline, 40)).toBe(2);
    expect(chapterAt(outline, 500)).toBe(3);
    expect(chapterAt([{ number: 1, title: null, from: 5 }], 2)).toBe(1);
    expect(chapterAt([], 3)).toBeUndefined();
  });

  it('say who is in which chapter: everyone with a caret there, once per chapter', () => {
    const outline = [
      { number: 1, title: 'One', from: 0 },
      { number: 2, title: 'Two', from: 40 },
    ];
    const byChapter = peopleByChapter(outline, [
      { userId: 'ada', positions: [3, 10] },
      { userId: 'grace', positions: [41] },
      { userId: 'alan', positions: [5, 60] },
      { userId: 'away', positions: [] },
    ]);
    expect(Object.fromEntries(byChapter)).toEqual({ 1: ['ada', 'alan'], 2: ['grace', 'alan'] });
    expect(peopleByChapter([], [{ userId: 'ada', positions: [1] }]).size).toBe(0);
  });
});

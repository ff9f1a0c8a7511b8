import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conflictPassages } from './conflictPassages';

const heading = (text: string) => ({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text }] });
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const book = (nodes: object[]) => JSON.stringify({ type: 'doc', content: nodes });

/** A book of about 28,000 words: 20 chapters of 28 paragraphs of 50 words. */
function longBook(lastSentence: string): object[] {
  const nodes: object[] = [];
  for (let chapter = 1; chapter <= 20; chapter += 1) {
    nodes.push(heading(`Chapter ${chapter}: Part ${chapter}`));
    for (let p = 1; p <= 28; p += 1) {
      nodes.push(paragraph(Array.from({ length: 50 }, (_, w) => `word${chapter}-${p}-${w}`).join(' ')));
    }
  }
  nodes.push(paragraph(lastSentence));
  return nodes;
}

describe('conflictPassages', () => {
  it('finds a sentence changed at the end of a 28,000-word book, in its chapter', () => {
    const passages = conflictPassages(
      book(longBook('The storm passed at dawn.')),
      book(longBook('The storm passed at dusk.')),
    );
    expect(passages).toHaveLength(1);
    expect(passages[0]!.chapter).toBe('Chapter 20: Part 20');
    expect(passages[0]!.parts).toEqual([
      { kind: 'same', text: 'The storm passed at ' },
      { kind: 'removed', text: 'dusk' },
      { kind: 'added', text: 'dawn' },
      { kind: 'same', text: '.' },
    ]);
    expect(passages[0]!.before).toMatch(/^….*word20-28-49$/);
    expect(passages[0]!.after).toBe('');
  });

  it('shows a chapter added in one version as one passage, not every later chapter', () => {
    const before = [heading('One'), paragraph('First.'), heading('Three'), paragraph('Third.')];
    const mine = [heading('One'), paragraph('First.'), heading('Two'), paragraph('Second.'), ...before.slice(2)];
    const passages = conflictPassages(book(mine), book(before));
    expect(passages).toHaveLength(1);
    expect(passages[0]).toMatchObject({ chapter: 'Two', before: 'First.', after: 'Three' });
    expect(passages[0]!.parts).toEqual([{ kind: 'added', text: 'Two\n\nSecond.' }]);
  });

  it('names text before the first chapter as such, and reads an unreadable side as empty', () => {
    const passages = conflictPassages(book([paragraph('Foreword.')]), 'not json');
    expect(passages).toEqual([{ chapter: null, before: '', after: '', parts: [{ kind: 'added', text: 'Foreword.' }] }]);
  });

  it('finds nothing where the words are the same, and something everywhere they are not', () => {
    const paragraphs = fc.array(fc.constantFrom('a b', 'c d e', 'f', 'g h'), { maxLength: 8 });
    fc.assert(
      fc.property(paragraphs, paragraphs, (mine, other) => {
        const passages = conflictPassages(book(mine.map(paragraph)), book(other.map(paragraph)));
        expect(passages.length === 0).toBe(mine.join('|') === other.join('|'));
        for (const passage of passages) expect(passage.parts.some((part) => part.kind !== 'same')).toBe(true);
        // Every word only one side has is in some passage, on that side.
        const added = passages.flatMap((p) => p.parts.filter((part) => part.kind === 'added')).map((p) => p.text);
        const removed = passages.flatMap((p) => p.parts.filter((part) => part.kind === 'removed')).map((p) => p.text);
        for (const word of new Set(mine.join(' ').split(' ').filter(Boolean))) {
          if (!other.join(' ').split(' ').includes(word)) expect(added.join(' ')).toContain(word);
        }
        for (const word of new Set(other.join(' ').split(' ').filter(Boolean))) {
          if (!mine.join(' ').split(' ').includes(word)) expect(removed.join(' ')).toContain(word);
        }
      }),
    );
  });
});

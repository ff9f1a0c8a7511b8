import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bookSearchLimits } from '@bookwright/contracts/http';
import { foldForSearch } from '@bookwright/contracts/text';
import { passageAround } from './passage';

describe('passageAround', () => {
  it('keeps a short text whole, on one line', () => {
    expect(passageAround('Zoë ran.\n\nShe stopped.', 'stopped')).toEqual({
      passage: 'Zoë ran. She stopped.',
      start: 13,
      end: 20,
    });
  });

  it('cuts a long text between words, with an ellipsis where it goes on', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
    words[40] = 'Mira';
    const found = passageAround(words.join(' '), 'mira')!;
    expect(found.passage.startsWith('…word')).toBe(true);
    expect(found.passage.endsWith('…')).toBe(true);
    expect(found.passage).toMatch(/^…word\d+ .* word\d+…$/);
    expect(found.passage.slice(found.start, found.end)).toBe('Mira');
    expect(found.passage.length).toBeLessThanOrEqual(2 * bookSearchLimits.passageContext + 'Mira'.length + 2);
  });

  it('never cuts a character in two in a text without spaces', () => {
    const text = `${'😀'.repeat(80)}の名前が${'😀'.repeat(80)}`;
    const found = passageAround(text, '名前')!;
    expect(found.passage.slice(found.start, found.end)).toBe('名前');
    // No lone surrogate: a high one not followed by a low one, or a low one not after a high one.
    expect(found.passage).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('is undefined when the text does not hold the query', () => {
    expect(passageAround('Nothing here', 'mira')).toBeUndefined();
  });

  it('always marks the query itself, whatever the text around it', () => {
    // A query is trimmed (BookSearchQuerySchema): it never starts or ends with a space.
    const query = fc.string({ minLength: 1, maxLength: 8 }).filter((text) => text.trim() === text && text !== '');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), query, fc.string({ maxLength: 200 }), (before, middle, after) => {
        const text = `${before}${middle}${after}`;
        const folded = foldForSearch(middle);
        const found = passageAround(text, folded);
        expect(found).toBeDefined();
        const marked = found!.passage.slice(found!.start, found!.end);
        expect(foldForSearch(marked)).toBe(folded.replace(/\s+/g, ' '));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countWords } from './word-count';

/** The count as it was made before (an array of the words), which `countWords` must keep giving. */
const splitCount = (text: string) => text.match(/\S+/g)?.length ?? 0;

// Every character JavaScript's \s matches, some that look like spaces but are not, and letters.
const spaces = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029'];
const lookalikes = ['\u200b', '\u180e', '\u00ad', '\u0085'];
const character = fc.oneof(
  fc.constantFrom(...spaces, '\u202f', '\u205f', '\u3000', '\ufeff', ...lookalikes),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
  fc.constantFrom('a', 'é', '字', '😀', '-'),
);

describe('countWords', () => {
  it('counts the runs of non-\\s characters, for any text', () => {
    fc.assert(
      fc.property(fc.array(character, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(countWords(text)).toBe(splitCount(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts whitespace-separated words, and nothing in an empty or blank text', () => {
    expect(countWords('  One two\n\nthree — four. ')).toBe(5);
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t\u00a0\u3000')).toBe(0);
    expect(countWords('  two\u2003words  ')).toBe(2);
  });
});

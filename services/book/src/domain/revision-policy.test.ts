import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { documentText, type TiptapDocument } from '@bookwright/contracts';
import { wordCountOf, wordsIn } from './revision-policy';

/** The count as it was made before (an array of the words), which `wordsIn` must keep giving. */
const splitCount = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

// Every character JavaScript's \s matches, some that look like spaces but are not, and letters.
const spaces = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029'];
const lookalikes = ['\u200b', '\u180e', '\u00ad', '\u0085'];
const character = fc.oneof(
  fc.constantFrom(...spaces, '\u202f', '\u205f', '\u3000', '\ufeff', ...lookalikes),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }),
  fc.constantFrom('a', 'é', '字', '😀', '-'),
);

describe('wordsIn', () => {
  it('counts what splitting the trimmed text at runs of \\s counts, for any text', () => {
    fc.assert(
      fc.property(fc.array(character, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(wordsIn(text)).toBe(splitCount(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts nothing in an empty or blank text', () => {
    expect(wordsIn('')).toBe(0);
    expect(wordsIn(' \n\t\u00a0\u3000')).toBe(0);
    expect(wordsIn('one')).toBe(1);
    expect(wordsIn('  two\u2003words  ')).toBe(2);
  });
});

describe('wordCountOf', () => {
  it('counts the words of a document as its text reads', () => {
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'The tide' }, { type: 'hardBreak' }, { type: 'text', text: 'turned.' }],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one item' }] }] },
          ],
        },
      ],
    };
    expect(wordCountOf(document)).toBe(7);
    expect(wordCountOf(document)).toBe(splitCount(documentText(document)));
  });
});

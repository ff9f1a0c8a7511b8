import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { comparableText } from '@bookwright/contracts/http';
import { chapterText, isOnDeletedText, locateQuote } from './anchoring';

const text = 'The lamp burned low. The keeper wrote a letter. The lamp burned low again, and the sea rose.';

describe('a comment anchor in a chapter', () => {
  it('finds its quote, and with prefix and suffix the right one of several', () => {
    const [first, second] = [0, text.lastIndexOf('The lamp')].map((at) => comparableText(text.slice(0, at)).length);
    expect(locateQuote({ chapter: 1, quote: 'The lamp burned low' }, text)).toBe(first);
    expect(locateQuote({ chapter: 1, quote: 'The lamp burned low', suffix: ' again, and' }, text)).toBe(second);
    expect(locateQuote({ chapter: 1, quote: 'The lamp burned low', prefix: 'wrote a letter. ' }, text)).toBe(second);
  });

  it('keeps to its quote when the words around it change, and is lost only when the quote is', () => {
    const anchor = { chapter: 1, quote: 'The keeper wrote', prefix: 'burned low. ', suffix: ' a letter.' };
    expect(locateQuote(anchor, 'Nothing here. The keeper wrote twice.')).toBeDefined();
    expect(locateQuote(anchor, 'The keeper rewrote a letter.')).toBeUndefined();
    const chapters = new Map([[1, text]]);
    expect(isOnDeletedText(anchor, chapters)).toBe(false);
    expect(isOnDeletedText({ ...anchor, chapter: 2 }, chapters)).toBe(true);
    expect(isOnDeletedText(anchor, new Map([[1, 'The sea rose.']]))).toBe(true);
  });

  it('does not compare whitespace: a selection across paragraphs matches the stored text', () => {
    expect(locateQuote({ chapter: 1, quote: 'low.\nThe keeper' }, text)).toBeDefined();
    expect(locateQuote({ chapter: 1, quote: 'low.The   keeper' }, text)).toBeDefined();
    expect(locateQuote({ chapter: 1, quote: ' \n ' }, text)).toBeUndefined();
  });

  it("reads a stored chapter's text, heading included", () => {
    const nodes = [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'The lamp ' },
          { type: 'text', text: 'burned.' },
        ],
      },
    ];
    const stored = JSON.stringify(nodes).slice(1, -1);
    expect(chapterText(stored)).toBe('Chapter 1\n\nThe lamp burned.');
  });

  test.prop([fc.string({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 40 })])(
    'finds any passage of a text in it, and none once it is cut out',
    (chapter, from, length) => {
      const start = from % chapter.length;
      const quote = chapter.slice(start, start + length);
      fc.pre(comparableText(quote).length > 0);
      expect(locateQuote({ chapter: 1, quote }, chapter)).toBeDefined();
      const without = chapter.split(quote).join('');
      fc.pre(!comparableText(without).includes(comparableText(quote)));
      expect(isOnDeletedText({ chapter: 1, quote }, new Map([[1, without]]))).toBe(true);
    },
  );
});

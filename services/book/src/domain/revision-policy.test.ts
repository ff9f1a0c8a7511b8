import { describe, expect, it } from 'vitest';
import { documentText, type TiptapDocument } from '@bookwright/contracts/http';
import { wordCountOf } from './revision-policy';

const splitCount = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

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

import { describe, expect, it } from 'vitest';
import { TiptapDocumentSchema } from './tiptap-document';

const paragraphWith = (marks: unknown[], blockMarks?: unknown[]) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { textAlign: null },
      ...(blockMarks === undefined ? {} : { marks: blockMarks }),
      content: [{ type: 'text', text: 'The lamp is lit.', marks }],
    },
  ],
});

const accepts = (document: unknown) => {
  const parsed = TiptapDocumentSchema.safeParse(document);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  // Nothing is dropped on the way in: what is stored is what was sent.
  expect(parsed.data).toEqual(document);
};
const refuses = (document: unknown) => expect(TiptapDocumentSchema.safeParse(document).success).toBe(false);

describe('the manuscript’s suggestion and comment marks', () => {
  it('accepts the suggestion marks on text with their attributes', () => {
    accepts(paragraphWith([{ type: 'insertion', attrs: { id: 1 } }]));
    accepts(paragraphWith([{ type: 'bold' }, { type: 'deletion', attrs: { id: 'r-7' } }]));
    accepts(
      paragraphWith([
        {
          type: 'modification',
          attrs: { id: 2, type: 'mark', attrName: null, previousValue: null, newValue: { type: 'bold' } },
        },
      ]),
    );
  });

  it('accepts suggestions on blocks, and on a line break', () => {
    accepts(paragraphWith([], [{ type: 'insertion', attrs: { id: 1 } }]));
    accepts({
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 2, textAlign: null },
          marks: [
            { type: 'modification', attrs: { id: 3, type: 'attr', attrName: 'level', previousValue: 1, newValue: 2 } },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', marks: [{ type: 'deletion', attrs: { id: 4 } }], content: [{ type: 'paragraph' }] },
          ],
        },
        { type: 'horizontalRule', marks: [{ type: 'insertion', attrs: { id: 5 } }] },
        { type: 'paragraph', content: [{ type: 'hardBreak', marks: [{ type: 'insertion', attrs: { id: 6 } }] }] },
      ],
    });
  });

  it('accepts overlapping comments on text', () => {
    accepts(
      paragraphWith([
        { type: 'italic' },
        { type: 'comment', attrs: { commentId: 'c-1' } },
        { type: 'comment', attrs: { commentId: 'c-2' } },
      ]),
    );
  });

  it('refuses a mark whose attributes are missing, of the wrong kind, or more than the mark has', () => {
    refuses(paragraphWith([{ type: 'insertion' }]));
    refuses(paragraphWith([{ type: 'insertion', attrs: { id: 1, author: 'x' } }]));
    refuses(paragraphWith([{ type: 'deletion', attrs: { id: -1 } }]));
    refuses(paragraphWith([{ type: 'deletion', attrs: { id: '' } }]));
    refuses(paragraphWith([{ type: 'modification', attrs: { id: 1, type: 'other' } }]));
    refuses(paragraphWith([{ type: 'comment', attrs: {} }]));
    refuses(paragraphWith([{ type: 'comment', attrs: { commentId: 5 } }]));
    refuses(paragraphWith([{ type: 'comment', attrs: { commentId: 'c', id: 1 } }]));
  });

  it('refuses anything but a suggestion on a block', () => {
    refuses(paragraphWith([], [{ type: 'bold' }]));
    refuses(paragraphWith([], [{ type: 'comment', attrs: { commentId: 'c-1' } }]));
  });
});

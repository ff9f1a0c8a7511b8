import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { documentText, TiptapDocumentSchema, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';
import { bookDocument, reviewedBookDocument } from '../testing/book-documents';
import { openSuggestionCount, printedManuscript } from './printed-manuscript';

const reviewMarks = new Set(['insertion', 'deletion', 'modification', 'comment']);

/** Every mark name in a document, on text and on blocks. */
function markNames(node: TiptapNode): string[] {
  const own = (node.marks ?? []).map((mark) => (mark as { type: string }).type);
  return [...own, ...(node.content ?? []).flatMap(markNames)];
}

const paragraph = (content: TiptapNode[], marks?: unknown[]): TiptapNode => ({
  type: 'paragraph',
  attrs: { textAlign: null },
  ...(marks ? { marks } : {}),
  content,
});
const text = (value: string, ...marks: unknown[]): TiptapNode => ({
  type: 'text',
  text: value,
  ...(marks.length > 0 ? { marks } : {}),
});
const insertion = (id: number | string) => ({ type: 'insertion', attrs: { id } });
const deletion = (id: number | string) => ({ type: 'deletion', attrs: { id } });
const comment = (commentId: string) => ({ type: 'comment', attrs: { commentId } });

describe('the printed manuscript', () => {
  it('holds no suggestion and no comment, and is a manuscript the server accepts', () => {
    fc.assert(
      fc.property(reviewedBookDocument, (document) => {
        const printed = printedManuscript(document);
        expect(markNames(printed).filter((name) => reviewMarks.has(name))).toEqual([]);
        expect(openSuggestionCount(printed)).toBe(0);
        expect(TiptapDocumentSchema.safeParse(printed).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('is the manuscript itself when nothing is under review', () => {
    fc.assert(
      fc.property(bookDocument, (document) => {
        fc.pre(!markNames(document).some((name) => reviewMarks.has(name)));
        expect(printedManuscript(document)).toBe(document);
      }),
    );
  });

  it('prints a printed manuscript unchanged (idempotent)', () => {
    fc.assert(
      fc.property(reviewedBookDocument, (document) => {
        const printed = printedManuscript(document);
        expect(printedManuscript(printed)).toEqual(printed);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves out inserted text, keeps deleted text without its mark, and keeps commented text', () => {
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        paragraph([
          text('The keeper ', comment('c-1')),
          text('slowly ', insertion(1), comment('c-1'), comment('c-2')),
          text('climbs', { type: 'bold' }),
          text(' the old', deletion(2)),
          text(' stairs.'),
        ]),
      ],
    };
    expect(printedManuscript(document)).toEqual({
      type: 'doc',
      content: [paragraph([text('The keeper '), text('climbs', { type: 'bold' }), text(' the old stairs.')])],
    });
    expect(openSuggestionCount(document)).toBe(2);
  });

  it('leaves out an inserted block, keeps a deleted one, and turns a changed block back', () => {
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        paragraph([text('Kept.')]),
        paragraph([text('Inserted.', insertion('s-1'))], [insertion('s-1')]),
        paragraph([text('Deleted.', deletion(3))], [deletion(3)]),
        {
          type: 'heading',
          attrs: { textAlign: 'center', level: 2 },
          marks: [
            {
              type: 'modification',
              attrs: { id: 4, type: 'attr', attrName: 'textAlign', previousValue: 'left', newValue: 'center' },
            },
          ],
          content: [text('Was left.')],
        },
        {
          type: 'heading',
          attrs: { textAlign: null, level: 1 },
          marks: [
            {
              type: 'modification',
              attrs: { id: 5, type: 'nodeType', attrName: null, previousValue: 'paragraph', newValue: 'heading' },
            },
          ],
          content: [text('Was a paragraph.')],
        },
      ],
    };
    expect(openSuggestionCount(document)).toBe(4);
    expect(printedManuscript(document)).toEqual({
      type: 'doc',
      content: [
        paragraph([text('Kept.')]),
        paragraph([text('Deleted.')]),
        { type: 'heading', attrs: { textAlign: 'left', level: 2 }, content: [text('Was left.')] },
        paragraph([text('Was a paragraph.')]),
      ],
    });
  });

  it('prints a manuscript that was all suggested in as an empty one', () => {
    const document: TiptapDocument = {
      type: 'doc',
      content: [paragraph([text('All new.', insertion(1))], [insertion(1)])],
    };
    expect(documentText(printedManuscript(document)).trim()).toBe('');
  });

  it('counts each suggestion once, however many pieces it marks; 1 and "1" are two', () => {
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        paragraph([text('a', insertion(1)), text('b'), text('c', insertion(1)), text('d', deletion('1'))]),
        paragraph([text('e', comment('c-1'))], [insertion(1)]),
      ],
    };
    expect(openSuggestionCount(document)).toBe(2);
    expect(openSuggestionCount({ type: 'doc', content: [paragraph([text('f', comment('c-9'))])] })).toBe(0);
  });
});

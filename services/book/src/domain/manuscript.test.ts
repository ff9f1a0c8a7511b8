import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@bookwright/contracts/http';
import { parseManuscript } from './manuscript';

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 });
const paragraph = text.map((value) => ({ type: 'paragraph', content: [{ type: 'text', text: value }] }));
const chapterHeading = text.map((value) => ({
  type: 'heading',
  attrs: { level: 1 },
  content: [{ type: 'text', text: value }],
}));
// What a client may send besides the editor's own nodes: keys in another order, keys the schema drops,
// and nodes it refuses.
const oddNode = fc.oneof(
  text.map((value) => ({ content: [{ text: value, type: 'text' }], type: 'paragraph' })),
  text.map((value) => ({ type: 'paragraph', extra: 1, content: [{ type: 'text', text: value }] })),
  fc.constant({ type: 'iframe' }),
  fc.constant({ type: 'heading', attrs: { level: 9 } }),
);
const chapter = fc.tuple(chapterHeading, fc.array(paragraph, { maxLength: 3 })).map(([h, body]) => [h, ...body]);
const documentOf = (chapters: object[][]) => ({ type: 'doc', content: chapters.flat() });

const outcome = (run: () => unknown) => {
  try {
    return { ok: run() };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
};

describe('parseManuscript against the stored chapters', () => {
  it('answers exactly what the whole check answers, for any change of any chapter', () => {
    fc.assert(
      fc.property(
        fc.array(chapter, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(), fc.oneof(chapter, fc.array(oddNode, { minLength: 1, maxLength: 2 }))), {
          maxLength: 3,
        }),
        (before, changes) => {
          const stored = parseManuscript(JSON.stringify(documentOf(before)));
          const after: object[][] = [...before];
          for (const [place, nodes] of changes) after[place % after.length] = nodes;
          const sent = JSON.stringify(documentOf(after));
          const hashes = stored.chapters.map((c) => c.hash);
          expect(outcome(() => parseManuscript(sent, hashes))).toEqual(outcome(() => parseManuscript(sent)));
        },
      ),
    );
  });

  it('checks a document that is not even a list of nodes as a whole, with the same message', () => {
    const hashes = parseManuscript(JSON.stringify(documentOf([[{ type: 'paragraph' }]]))).chapters.map((c) => c.hash);
    for (const sent of ['{"type":"doc","content":[1]}', '{"type":"doc"}', '[]', '{"type":"doc","content":[],"x":1}']) {
      expect(outcome(() => parseManuscript(sent, hashes))).toEqual(outcome(() => parseManuscript(sent)));
    }
  });
});

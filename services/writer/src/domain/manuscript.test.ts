import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TiptapDocumentSchema } from '@bookwright/contracts/http';
import { assembleManuscript, prepareChapter, type ManuscriptChapter } from './manuscript';

const word = fc.constantFrom('harbour', 'lantern', '*quietly*', '**storm**', 'Ines', 'said,', 'river.', '"Go!"', '—');
const paragraph = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(' '));
const line = fc.oneof(
  paragraph,
  paragraph.map((p) => `- ${p}`),
);
const prose = fc.array(line, { minLength: 1, maxLength: 6 }).map((lines) => lines.join('\n\n'));
const chapters = fc
  .array(fc.record({ title: fc.constantFrom('', 'The Harbour', 'Tide *Turns*'), text: prose }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((list) => list.map((c, i): ManuscriptChapter => ({ number: i + 1, ...c })));

describe('assembleManuscript', () => {
  it('puts the same valid document together whether chapters were prepared before or not, stale ones prepared again', () => {
    fc.assert(
      fc.property(
        chapters,
        fc.boolean(),
        fc.array(fc.constantFrom('fresh', 'stale text', 'stale title', 'missing'), { minLength: 6, maxLength: 6 }),
        (list, allowLists, states) => {
          const style = { language: 'english' as const, allowLists };
          const prepared = new Map(
            list.flatMap((chapter, i) => {
              const state = states[i];
              if (state === 'missing') return [];
              const seen =
                state === 'stale text'
                  ? { ...chapter, text: `${chapter.text} Later.` }
                  : state === 'stale title'
                    ? { ...chapter, title: `${chapter.title} II` }
                    : chapter;
              return [[chapter.number, prepareChapter(style, seen)] as const];
            }),
          );
          const shuffled = [...list].reverse();
          const fresh = assembleManuscript({ ...style, chapters: shuffled });
          expect(assembleManuscript({ ...style, chapters: list, prepared })).toEqual(fresh);
          expect(TiptapDocumentSchema.parse(fresh)).toEqual(fresh);
          const headings = fresh.content.filter((n) => n.type === 'heading').map((n) => n.content?.[0]?.text);
          expect(headings).toEqual(
            list.map((c) => (c.title ? `Chapter ${c.number}: ${c.title}` : `Chapter ${c.number}`)),
          );
        },
      ),
    );
  });
});

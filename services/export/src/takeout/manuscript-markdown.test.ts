import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { manuscriptMarkdown } from './manuscript-markdown';

const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });

describe('the manuscript as Markdown', () => {
  it('writes every node and mark the editor can make', () => {
    const document = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [text('Chapter 1: The Lamp')] },
        {
          type: 'paragraph',
          attrs: { textAlign: 'center' },
          content: [
            text('Plain, '),
            text('bold', [{ type: 'bold' }]),
            text(', '),
            text('italic', [{ type: 'italic' }]),
            text(', '),
            text('struck', [{ type: 'strike' }]),
            text(', '),
            text('underlined', [{ type: 'underline' }]),
            text(', '),
            text('small caps', [{ type: 'smallCaps' }]),
            text(' and '),
            text('a link', [{ type: 'link', attrs: { href: 'https://example.com' } }]),
            { type: 'hardBreak' },
            text('H'),
            text('2', [{ type: 'subscript' }]),
            text('O'),
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            { type: 'listItem', content: [paragraph(text('three'))] },
            { type: 'listItem', content: [paragraph(text('four'))] },
          ],
        },
        {
          type: 'taskList',
          content: [{ type: 'taskItem', attrs: { checked: true }, content: [paragraph(text('done'))] }],
        },
        { type: 'blockquote', content: [paragraph(text('quoted'))] },
        { type: 'horizontalRule' },
        paragraph(text('2. Not a list, and *not* emphasis')),
      ],
    } as TiptapDocument;
    expect(manuscriptMarkdown(document)).toBe(
      [
        '# Chapter 1: The Lamp',
        '',
        'Plain, **bold**, *italic*, ~~struck~~, <u>underlined</u>, small caps and [a link](https://example.com)\\',
        'H<sub>2</sub>O',
        '',
        '* one',
        '',
        '3. three',
        '4. four',
        '',
        '- [x] done',
        '',
        '> quoted',
        '',
        '---',
        '',
        '2\\. Not a list, and \\*not\\* emphasis',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty document as an empty file', () => {
    expect(manuscriptMarkdown({ type: 'doc', content: [] })).toBe('\n');
  });

  const word = fc.stringMatching(/^[A-Za-z][a-z']{0,11}$/);
  const sentence = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => `${words.join(' ')}.`);

  test.prop([fc.array(fc.tuple(sentence, fc.array(sentence, { minLength: 1, maxLength: 4 })), { maxLength: 8 })])(
    'keeps every chapter heading and every sentence',
    (chapters) => {
      const document = {
        type: 'doc',
        content: chapters.flatMap(([heading, sentences]) => [
          { type: 'heading', attrs: { level: 2 }, content: [text(heading)] },
          ...sentences.map((s) => paragraph(text(s))),
        ]),
      } as TiptapDocument;
      const markdown = manuscriptMarkdown(document).replace(/\\(.)/g, '$1');
      for (const [heading, sentences] of chapters) {
        expect(markdown).toContain(`## ${heading}\n`);
        for (const s of sentences) expect(markdown).toContain(s);
      }
    },
  );
});

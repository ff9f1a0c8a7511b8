import { describe, expect, it } from 'vitest';
import { TiptapDocumentSchema } from '@bookwright/contracts/http';
import { inlineToNodes, proseToBlocks } from './prose-to-tiptap';

const text = (value: string, ...marks: string[]) =>
  marks.length > 0
    ? { type: 'text', text: value, marks: marks.map((type) => ({ type })) }
    : { type: 'text', text: value };

describe('inlineToNodes', () => {
  it('turns *emphasis* into italic and **strong** into bold', () => {
    expect(inlineToNodes('She was *not* going back, **ever**.')).toEqual([
      text('She was '),
      text('not', 'italic'),
      text(' going back, '),
      text('ever', 'bold'),
      text('.'),
    ]);
  });

  it('nests marks and handles ***both***', () => {
    expect(inlineToNodes('**bold *and italic* text** and ***both***')).toEqual([
      text('bold ', 'bold'),
      text('and italic', 'bold', 'italic'),
      text(' text', 'bold'),
      text(' and '),
      text('both', 'bold', 'italic'),
    ]);
  });

  it('keeps unpaired or spaced asterisks as text', () => {
    expect(inlineToNodes('5 * 3 = 15 and a footnote*')).toEqual([text('5 * 3 = 15 and a footnote*')]);
    expect(inlineToNodes('*open but never closed')).toEqual([text('*open but never closed')]);
    expect(inlineToNodes('**')).toEqual([text('**')]);
  });

  it('gives nothing for an empty string', () => {
    expect(inlineToNodes('')).toEqual([]);
  });
});

describe('proseToBlocks', () => {
  it('makes a paragraph of every block separated by blank lines or line breaks', () => {
    const blocks = proseToBlocks('First paragraph\nwith a *turn*.\n\n\nSecond one.\r\n\r\nThird.');
    expect(blocks).toEqual([
      { type: 'paragraph', content: [text('First paragraph')] },
      { type: 'paragraph', content: [text('with a '), text('turn', 'italic'), text('.')] },
      { type: 'paragraph', content: [text('Second one.')] },
      { type: 'paragraph', content: [text('Third.')] },
    ]);
  });

  it('turns scene breaks into rules and stray headings into level-2 headings', () => {
    const blocks = proseToBlocks('Before.\n\n* * *\n\n## **A turn**\n\nAfter.\n\n---');
    expect(blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'horizontalRule',
      'heading',
      'paragraph',
      'horizontalRule',
    ]);
    expect(blocks[2]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [text('A turn')] });
  });

  it('makes lists only when asked (non-fiction); in fiction a leading dash is dialogue', () => {
    const prose = 'Three steps:\n- Plan the *week*\n- Do it\n1. First\n2. Second\nDone.';
    const lists = proseToBlocks(prose, { lists: true });
    expect(lists.map((b) => b.type)).toEqual(['paragraph', 'bulletList', 'orderedList', 'paragraph']);
    expect(lists[1]?.content?.[0]).toEqual({
      type: 'listItem',
      content: [{ type: 'paragraph', content: [text('Plan the '), text('week', 'italic')] }],
    });
    const dialogue = proseToBlocks('- Where are you going? she asked.\n- Home.');
    expect(dialogue.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    expect(dialogue[0]?.content?.[0]?.text).toBe('- Where are you going? she asked.');
  });

  it('always gives a valid editor document', () => {
    const samples = ['', '***', '#', '**', '* *', '- ', '1.', 'a **b *c** d*', '\n\n\n', '## \n\ntext'];
    for (const sample of samples) {
      const result = TiptapDocumentSchema.safeParse({ type: 'doc', content: proseToBlocks(sample, { lists: true }) });
      expect(result.success, sample).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { documentJson, markdownOf } from './takeout-renderings';

const reviewed = JSON.stringify({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'The lamp ', marks: [{ type: 'comment', attrs: { commentId: 't1' } }] },
        { type: 'text', text: 'Quillfeather ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
        { type: 'text', text: 'burned ' },
        { type: 'text', text: 'Marrowgate', marks: [{ type: 'deletion', attrs: { id: 2 } }] },
        { type: 'text', text: '.' },
      ],
    },
    {
      type: 'paragraph',
      marks: [{ type: 'insertion', attrs: { id: 3 } }],
      content: [{ type: 'text', text: 'Inkwellspur.', marks: [{ type: 'insertion', attrs: { id: 3 } }] }],
    },
  ],
});

const failNever = (error: unknown) => {
  throw error;
};

describe("the takeout's renderings of a manuscript", () => {
  it('prints it without open suggestions or comment anchors, keeping deleted text', () => {
    for (const body of [markdownOf(reviewed, failNever), documentJson(reviewed)]) {
      expect(body).toContain('The lamp');
      expect(body).toContain('Marrowgate');
      for (const left of ['Quillfeather', 'Inkwellspur', 'insertion', 'deletion', 'comment', 't1']) {
        expect(body).not.toContain(left);
      }
    }
  });

  it('keeps a document with nothing under review exactly as stored, indented', () => {
    const stored = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plain.' }] }] };
    expect(documentJson(JSON.stringify(stored))).toBe(`${JSON.stringify(stored, null, 2)}\n`);
    expect(markdownOf(JSON.stringify(stored), failNever)).toBe('Plain.\n');
  });

  it('leaves a note pointing to the JSON when a text does not convert, and the text as it was stored', () => {
    const errors: unknown[] = [];
    expect(markdownOf('not JSON', (error) => errors.push(error))).toContain('could not be converted to Markdown');
    expect(errors).toHaveLength(1);
    expect(documentJson('not JSON')).toBe('not JSON');
  });
});

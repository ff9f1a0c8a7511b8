import { getSchema } from '@tiptap/core';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { bookSchemaExtensions } from '@bookwright/manuscript/schema';
import { openingRange, openingSearch, readOpeningRequest } from './openingTarget';

const schema = getSchema(bookSchemaExtensions());
const heading = (text: string) => ({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text }] });
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: object[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

const doc = ProseMirrorNode.fromJSON(schema, {
  type: 'doc',
  content: [
    paragraph(text('Zoë before any chapter.')),
    heading('One'),
    paragraph(text('Nobody here.')),
    heading('Two'),
    paragraph(text('Then '), text('ZOE', [{ type: 'italic' }]), { type: 'hardBreak' }, text('and zoë again.')),
  ],
});

const selected = (range: { from: number; to: number } | undefined) =>
  range && doc.textBetween(range.from, range.to, '\n', '\ufffc');

describe('where the editor opens for a link of the book search', () => {
  it('selects the first place in the chapter where the words are written, accents and case folded as the search folds them', () => {
    expect(selected(openingRange(doc, { chapter: 2, query: 'zoe' }))).toBe('ZOE');
    expect(selected(openingRange(doc, { chapter: 0, query: 'ZOE' }))).toBe('Zoë');
    // After an inline node that is not text, offsets still land on the words.
    expect(selected(openingRange(doc, { chapter: 2, query: 'and zoë' }))).toBe('and zoë');
  });

  it("opens at the chapter's start when the words are no longer in it, and at nothing for a chapter the book lacks", () => {
    const range = openingRange(doc, { chapter: 1, query: 'zoe' })!;
    expect(range.from).toBe(range.to);
    expect(doc.resolve(range.from).parent.textContent).toBe('One');
    expect(openingRange(doc, { chapter: 3 })).toBeUndefined();
  });

  it('reads its request from the link it made, and nothing from a link without a chapter number', () => {
    const search = openingSearch({ chapter: 4, query: '  Zoë & co ' });
    expect(readOpeningRequest(new URLSearchParams(search))).toEqual({ chapter: 4, query: 'Zoë & co' });
    expect(readOpeningRequest(new URLSearchParams('?chapter=-1'))).toBeUndefined();
    expect(readOpeningRequest(new URLSearchParams('?chapter=two'))).toBeUndefined();
    expect(readOpeningRequest(new URLSearchParams('?q=zoe'))).toBeUndefined();
  });
});

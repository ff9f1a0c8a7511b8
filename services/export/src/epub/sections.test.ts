import { describe, expect, it } from 'vitest';
import type { TiptapNode } from '@bookwright/contracts/http';
import { labelsFor } from './labels';
import { splitSections } from './sections';

const h = (level: number, text: string): TiptapNode => ({
  type: 'heading',
  attrs: { level },
  content: text ? [{ type: 'text', text }] : [],
});
const p = (text: string): TiptapNode =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };

describe('splitting the manuscript into sections', () => {
  it('starts a chapter at each level-1 heading and keeps the text before the first as an opening', () => {
    const sections = splitSections(
      { type: 'doc', content: [p('intro'), h(1, 'One'), p('a'), h(2, 'sub'), h(1, ' Two \n'), p('b')] },
      labelsFor('en'),
    );
    expect(sections.map((s) => [s.kind, s.title, s.nodes.length])).toEqual([
      ['opening', 'Opening', 1],
      ['chapter', 'One', 3],
      ['chapter', 'Two', 2],
    ]);
  });

  it('titles an opening by its own heading, drops a blank one and names untitled chapters', () => {
    expect(
      splitSections({ type: 'doc', content: [h(2, 'Prologue'), p('x'), h(1, 'One')] }, labelsFor('it'))[0]?.title,
    ).toBe('Prologue');
    const sections = splitSections(
      { type: 'doc', content: [p(''), p(' '), h(1, ''), p('x'), h(1, '')] },
      labelsFor('es'),
    );
    expect(sections.map((s) => s.title)).toEqual(['Capítulo 1', 'Capítulo 2']);
  });

  it('gives an empty manuscript one empty section', () => {
    expect(splitSections({ type: 'doc', content: [] }, labelsFor('de'))).toEqual([
      { kind: 'opening', title: 'Opening', nodes: [] },
    ]);
  });
});

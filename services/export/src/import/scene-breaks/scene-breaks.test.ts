import { describe, expect, it } from 'vitest';
import { isSceneBreak, markSceneBreaks } from './scene-breaks';

const paragraph = (text: string, textAlign: string | null = null) => ({
  type: 'paragraph',
  attrs: { textAlign },
  content: text ? [{ type: 'text', text }] : [],
});
const heading = { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] };

describe('scene breaks', () => {
  it.each(['***', '* * *', '#', '~ ~ ~', '⁂', '• • •'])('%j is one', (text) => {
    expect(isSceneBreak(paragraph(text))).toBe(true);
  });

  it('an empty centred paragraph is one; an empty left one and prose are not', () => {
    expect(isSceneBreak(paragraph('', 'center'))).toBe(true);
    expect(isSceneBreak(paragraph('\u00a0', 'center'))).toBe(true);
    expect(isSceneBreak(paragraph(''))).toBe(false);
    expect(isSceneBreak(paragraph('He said * * * nothing.'))).toBe(false);
  });

  it('become one rule, never two in a row, never at a chapter’s start or end; empty paragraphs go', () => {
    const nodes = markSceneBreaks([
      heading,
      paragraph('***'),
      paragraph('One.'),
      paragraph(''),
      paragraph('* * *'),
      paragraph('#'),
      paragraph('Two.'),
      paragraph('***'),
      heading,
      paragraph('Three.'),
      paragraph('', 'center'),
    ]);
    expect(nodes.map((node) => node.type)).toEqual([
      'heading',
      'paragraph',
      'horizontalRule',
      'paragraph',
      'heading',
      'paragraph',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { suggestionTexts } from './suggestionTexts';

describe('what a suggestion says it does', () => {
  it.each([
    [' and dark', '', ['insertion'], 'add “and dark”'],
    ['', 'calm', ['deletion'], 'delete “calm”'],
    ['still', 'quiet', ['deletion', 'insertion'], 'replace “quiet” with “still”'],
    ['bold', 'bold', ['deletion', 'insertion'], 'change the formatting of “bold”'],
    ['', '', ['insertion'], 'add a paragraph break'],
    ['', '', ['modification'], 'change the formatting'],
    [' ', '', ['insertion'], 'add a space'],
  ] as const)('%j minus %j', (inserted, deleted, kinds, said) => {
    expect(suggestionTexts.summary(inserted, deleted, kinds)).toBe(said);
  });

  it.each([
    [[{ type: 'attr', attrName: 'textAlign', newValue: 'center' }], 'centre'],
    [[{ type: 'attr', attrName: 'textAlign', newValue: null }], 'align left'],
    [
      [
        { type: 'nodeType', attrName: undefined, newValue: 'heading' },
        { type: 'attr', attrName: 'level', newValue: 2 },
      ],
      'make a heading (level 2)',
    ],
    [[{ type: 'nodeType', attrName: undefined, newValue: 'paragraph' }], 'make a paragraph'],
    [[{ type: 'attr', attrName: 'level', newValue: 3 }], 'make a level 3 heading'],
  ] as const)('a block’s formatting %j', (modifications, said) => {
    expect(suggestionTexts.summary('', '', ['modification'], modifications)).toBe(said);
  });

  it('shortens a long text and names whose suggestion a button decides', () => {
    expect(suggestionTexts.summary('a'.repeat(60), '', ['insertion'])).toBe(`add “${'a'.repeat(39)}…”`);
    expect(suggestionTexts.acceptNamed('Emmy Noether')).toBe('Accept Emmy Noether’s suggestion');
    expect(suggestionTexts.rejectNamed('You')).toBe('Reject your suggestion');
  });
});

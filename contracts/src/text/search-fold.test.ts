import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldForSearch } from './search-fold';

describe('foldForSearch', () => {
  it('drops case and accents', () => {
    expect(foldForSearch('Zoë')).toBe('zoe');
    expect(foldForSearch('ZOË Çelik, São Paulo, Ångström')).toBe('zoe celik, sao paulo, angstrom');
    expect(foldForSearch('Zoe')).toBe(foldForSearch('zoë'));
  });

  it('keeps what has no one-unit fold as it is', () => {
    expect(foldForSearch('İstanbul')).toBe('istanbul');
    expect(foldForSearch('Straße 😀')).toBe('straße 😀');
  });

  it('answers one unit for each unit of the text, so offsets carry over', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(foldForSearch(text)).toHaveLength(text.length);
      }),
    );
  });
});

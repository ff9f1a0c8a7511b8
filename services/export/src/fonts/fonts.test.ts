import { existsSync } from 'node:fs';
import { bookLanguages } from '@bookwright/contracts';
import { describe, expect, it } from 'vitest';
import {
  fontFamilies,
  fontFiles,
  fontMetrics,
  fontStyles,
  languageLetters,
  normalizeSpaces,
  splitByCoverage,
  textWidthEm,
  typographicPunctuation,
} from './index';

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0) ?? 0);
const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

describe('embedded fonts', () => {
  it('resolves every font file from node_modules', () => {
    for (const family of Object.values(fontFiles)) {
      for (const path of Object.values(family)) expect(existsSync(path), path).toBe(true);
    }
  });

  it('has a letter list for each of the 23 book languages', () => {
    expect(Object.keys(languageLetters).sort()).toEqual(bookLanguages.map((l) => l.value).sort());
  });

  describe.each(bookLanguages.map((l) => l.value))('%s', (language) => {
    it.each(fontStyles)('Literata %s has every letter (cmap check)', (style) => {
      const metrics = fontMetrics(fontFamilies.body, style);
      const alphabet = `${languageLetters[language]}abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`;
      const missing = codePoints(alphabet).filter((c) => !metrics.has(c));
      expect(missing.map((c) => `${String.fromCodePoint(c)} ${hex(c)}`)).toEqual([]);
    });
  });

  it('sets every typographic mark in Literata or, per glyph, in DejaVu Serif', () => {
    const body = fontMetrics(fontFamilies.body);
    const fallback = fontMetrics(fontFamilies.fallback);
    const notInBody = codePoints(typographicPunctuation).filter((c) => !body.has(c));
    // Literata lacks only the narrow no-break space; the fallback font has it.
    expect(notInBody.map(hex)).toEqual(['U+202F']);
    expect(notInBody.every((c) => fallback.has(c))).toBe(true);
  });

  it('splits text into runs by the font that has the characters, only where needed', () => {
    expect(splitByCoverage('Příliš žluťoučký kůň')).toEqual([{ text: 'Příliš žluťoučký kůň', family: 'Literata' }]);
    expect(splitByCoverage('Bonjour\u202F! ∮ ☑ ok')).toEqual([
      { text: 'Bonjour', family: 'Literata' },
      { text: '\u202F', family: 'DejaVuSerif' },
      { text: '! ', family: 'Literata' },
      { text: '∮', family: 'DejaVuSans' },
      { text: ' ', family: 'Literata' },
      { text: '☑', family: 'DejaVuSans' },
      { text: ' ok', family: 'Literata' },
    ]);
  });

  it('maps spaces the body font lacks to ones it has', () => {
    expect(normalizeSpaces('«\u202FOui\u202F»\u2003fin')).toBe('«\u00A0Oui\u00A0»\u0020fin');
    expect(splitByCoverage(normalizeSpaces('«\u202FOui\u202F»'))).toHaveLength(1);
  });

  it('measures text from hmtx advances', () => {
    const width = textWidthEm('The quick brown fox');
    expect(width).toBeGreaterThan(7);
    expect(width).toBeLessThan(11);
    expect(fontMetrics(fontFamilies.body).unitsPerEm).toBeGreaterThan(0);
  });
});

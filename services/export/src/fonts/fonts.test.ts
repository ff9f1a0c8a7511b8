import { bookLanguages } from '@bookwright/contracts/http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawnOrder,
  fontFamilies,
  fontMetrics,
  fontStyles,
  languageLetters,
  missingGlyphs,
  normalizeSpaces,
  splitByCoverage,
  textWidthEm,
  typographicPunctuation,
  visualOrder,
} from './index';

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0) ?? 0);
const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

describe('embedded fonts', () => {
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
    expect(splitByCoverage('Příliš žluťoučký kůň')).toEqual([
      { text: 'Příliš žluťoučký kůň', family: 'Literata', dir: 'ltr', level: 0 },
    ]);
    expect(splitByCoverage('Bonjour\u202F! ∮ ☑ ok')).toEqual([
      { text: 'Bonjour', family: 'Literata', dir: 'ltr', level: 0 },
      { text: '\u202F', family: 'DejaVuSerif', dir: 'ltr', level: 0 },
      { text: '! ', family: 'Literata', dir: 'ltr', level: 0 },
      { text: '∮', family: 'DejaVuSans', dir: 'ltr', level: 0 },
      { text: ' ', family: 'Literata', dir: 'ltr', level: 0 },
      { text: '☑', family: 'DejaVuSans', dir: 'ltr', level: 0 },
      { text: ' ok', family: 'Literata', dir: 'ltr', level: 0 },
    ]);
  });

  it('sets Greek and Cyrillic in Literata, every other script in its Noto face', () => {
    const families = (text: string) => splitByCoverage(text).map((r) => [r.text, r.family, r.dir]);
    expect(families('Ἐν ἀρχῇ ἦν ὁ λόγος, Фёдор')).toEqual([['Ἐν ἀρχῇ ἦν ὁ λόγος, Фёдор', 'Literata', 'ltr']]);
    expect(families('Le titre 未来からの手紙 !')).toEqual([
      ['Le titre ', 'Literata', 'ltr'],
      // Punctuation after a run stays in its font when it has the glyph.
      ['未来からの手紙 !', 'NotoSansJP', 'ltr'],
    ]);
    // Han without kana is Chinese; with hangul, Korean.
    expect(families('你好')[0]?.[1]).toBe('NotoSansSC');
    expect(families('漢字 한국어')[0]?.[1]).toBe('NotoSansKR');
    expect(families('नमस्ते and สวัสดี')).toEqual([
      ['नमस्ते ', 'NotoSansDevanagari', 'ltr'],
      ['and ', 'Literata', 'ltr'],
      ['สวัสดี', 'NotoSansThai', 'ltr'],
    ]);
  });

  it('gives Arabic and Hebrew runs their bidi levels, in reading order, and orders a line for drawing', () => {
    const runs = splitByCoverage('He wrote שלום עולם — مرحبا بالعالم. Then');
    expect(runs.map((r) => [r.text, r.family, r.level])).toEqual([
      ['He wrote ', 'Literata', 0],
      // Between two right-to-left quotations the dash reads right to left too (UAX #9, rule N1).
      ['שלום עולם — ', 'NotoSansHebrew', 1],
      ['مرحبا بالعالم', 'NotoSansArabic', 1],
      // The sentence's full stop is left to right again, in the book's font.
      ['. Then', 'Literata', 0],
    ]);
    expect(drawnOrder(runs).map((r) => r.text)).toEqual(['He wrote ', 'مرحبا بالعالم', 'שלום עולם — ', '. Then']);
    // Numbers inside a quotation stay left to right, at a level of their own.
    const numbered = splitByCoverage('Sign: שלום 123 עולם.');
    expect(numbered.map((r) => [r.text, r.level])).toEqual([
      ['Sign: ', 0],
      ['שלום ', 1],
      ['123', 2],
      [' ', 1],
      ['עולם', 1],
      ['.', 0],
    ]);
    expect(drawnOrder(numbered).map((r) => r.text)).toEqual(['Sign: ', 'עולם', ' ', '123', 'שלום ', '.']);
    // A text that starts in Arabic reads right to left as a whole; Arabic punctuation stays with it.
    expect(splitByCoverage('هل أنت؟')).toEqual([{ text: 'هل أنت؟', family: 'NotoSansArabic', dir: 'rtl', level: 1 }]);
    expect(splitByCoverage('שלום, world').map((r) => [r.text, r.level])).toEqual([
      ['שלום, ', 1],
      ['world', 2],
    ]);
  });

  it('reorders by level as rule L2 says (reversing is its own inverse on a one-level line)', () => {
    expect(visualOrder(['a', 'b', 'c', 'd'], (x) => ({ a: 0, b: 1, c: 2, d: 1 })[x] ?? 0)).toEqual([
      'a',
      'd',
      'c',
      'b',
    ]);
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 12 }), (items) => {
        const once = visualOrder(items, () => 1);
        expect(visualOrder(once, () => 1)).toEqual(items);
        expect(visualOrder(items, () => 0)).toEqual(items);
      }),
    );
  });

  it('finds the characters no embedded font has', () => {
    expect(missingGlyphs('Plain text, 未来, שלום, ∮')).toEqual([]);
    // Egyptian hieroglyphs and a private-use character.
    expect(missingGlyphs('A 𓀀 and \uE000.')).toEqual(['𓀀', '\uE000']);
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

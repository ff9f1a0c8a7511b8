import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cutAtGrapheme, tailAtGrapheme, truncateText } from './cut-text';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// In a /u regex a surrogate matches \p{Cs} only when it is alone (String#isWellFormed is ES2024).
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);
const graphemesOf = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);

// Texts made of the pieces that break naive cutting: astral emoji, ZWJ families, flags, skin tones,
// combining marks, CRLF, RTL and CJK, next to plain words and spaces.
const hostilePiece = fc.constantFrom(
  '😀',
  '👩‍👩‍👧‍👦',
  '🇵🇱',
  '🇮🇹',
  '👍🏽',
  'e\u0301',
  'ñ',
  '\r\n',
  ' ',
  'שלום',
  '漢字',
  'Ελλάδα',
  'Жизнь',
  'word',
  '\u0915\u094d\u0937',
);
const text = fc.oneof(
  fc.array(hostilePiece, { maxLength: 80 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }).filter(wellFormed),
);

describe('cutting text on grapheme boundaries', () => {
  test.prop([text, fc.integer({ min: 0, max: 130 })])(
    'cutAtGrapheme gives well-formed text, at most max long, made of the first whole graphemes',
    (input, max) => {
      const cut = cutAtGrapheme(input, max);
      expect(wellFormed(cut)).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(input.startsWith(cut)).toBe(true);
      const whole = graphemesOf(input);
      const kept = graphemesOf(cut);
      expect(kept).toEqual(whole.slice(0, kept.length));
      // Maximal: the next grapheme would not have fitted.
      if (cut.length < input.length) expect(cut.length + (whole[kept.length] ?? '').length).toBeGreaterThan(max);
    },
  );

  test.prop([text, fc.integer({ min: 0, max: 130 })])(
    'tailAtGrapheme gives well-formed text, at most max long, made of the last whole graphemes',
    (input, max) => {
      const tail = tailAtGrapheme(input, max);
      expect(wellFormed(tail)).toBe(true);
      expect(tail.length).toBeLessThanOrEqual(max);
      expect(input.endsWith(tail)).toBe(true);
      const whole = graphemesOf(input);
      const kept = graphemesOf(tail);
      expect(kept).toEqual(whole.slice(whole.length - kept.length));
    },
  );

  test.prop([text, fc.integer({ min: 1, max: 130 })])(
    'truncateText keeps text that fits, else cuts whole graphemes and ends with the ellipsis',
    (input, max) => {
      const out = truncateText(input, max);
      expect(wellFormed(out)).toBe(true);
      expect(out.length).toBeLessThanOrEqual(max);
      if (input.length <= max) {
        expect(out).toBe(input);
        return;
      }
      expect(out.endsWith('…')).toBe(true);
      const kept = out.slice(0, -1);
      expect(input.startsWith(kept)).toBe(true);
      expect(graphemesOf(kept)).toEqual(graphemesOf(input).slice(0, graphemesOf(kept).length));
    },
  );

  it('never splits a surrogate pair, a flag, a family or a letter from its accent', () => {
    expect(cutAtGrapheme('😀😀😀', 5)).toBe('😀😀');
    expect(cutAtGrapheme('🇵🇱🇮🇹', 6)).toBe('🇵🇱');
    expect(cutAtGrapheme('👩‍👩‍👧‍👦!', 10)).toBe('');
    expect(cutAtGrapheme('Cafe\u0301!', 4)).toBe('Caf');
    expect(tailAtGrapheme('😀😀😀', 5)).toBe('😀😀');
    expect(truncateText('😀'.repeat(500), 300)).toBe(`${'😀'.repeat(149)}…`);
  });

  it('ends at a word when a whole one fits in the second half, and respects a custom ellipsis', () => {
    expect(truncateText('The quick brown fox jumps', 14)).toBe('The quick…');
    expect(truncateText('Thequickbrownfoxjumps', 10)).toBe('Thequickb…');
    expect(truncateText('The quick brown fox', 12, { ellipsis: '...' })).toBe('The quick...');
    expect(truncateText('abcdef', 2, { ellipsis: '...' })).toBe('..');
  });
});

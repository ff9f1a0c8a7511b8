import { describe, expect, it } from 'vitest';
import { fontFamilies } from '../fonts';
import { plannedBreak, shrinkToFit, track } from './keep-lines';
import type { Inline, Line } from './layout-lines';
import { finishPdf, layoutPdf } from './pdfmake';
import { missingTools, pdfWordBoxes } from './testing/poppler';

const noTools = missingTools(['pdftotext']).length > 0;
const lines = (count: number) => Array.from({ length: count }, () => ({ getHeight: () => 10 }));
const at = (roomForLines: number, top = false) => ({
  availableHeight: roomForLines * 10 + 1,
  y: top ? 36 : 400,
  pageMargins: { top: 36 },
});

describe('plannedBreak', () => {
  it('does not break a paragraph that fits', () => {
    expect(plannedBreak(lines(5), 0, at(5))).toBeUndefined();
  });

  it('moves a first line that would be alone at the foot of a page (orphan)', () => {
    expect(plannedBreak(lines(6), 0, at(1))).toBe(0);
  });

  it('breaks a line early so the last line is not alone at the head of a page (widow)', () => {
    expect(plannedBreak(lines(6), 0, at(5))).toBe(4);
  });

  it('moves a paragraph whole when keeping two lines on each side is impossible', () => {
    expect(plannedBreak(lines(3), 0, at(2))).toBe(0);
  });

  it('never breaks before any line at the head of a page (no endless page breaks)', () => {
    expect(plannedBreak(lines(40), 0, at(30, true))).toBe(30);
    expect(plannedBreak(lines(40), 30, at(0))).toBeGreaterThan(30);
  });
});

describe.skipIf(noTools)('soft hyphens in pdfmake', () => {
  it('prints a hyphen only where a line breaks, never the soft hyphen itself', async () => {
    const word = 'ex\u00adtra\u00ador\u00addi\u00adnary';
    const doc = await layoutPdf({
      pageSize: { width: 230, height: 400 },
      pageMargins: [20, 20, 20, 20],
      defaultStyle: { font: fontFamilies.body, fontSize: 11 },
      content: [{ text: Array.from({ length: 12 }, () => word).join(' '), alignment: 'justify' }],
    });
    const words = pdfWordBoxes(await finishPdf(doc)).map((w) => w.word);
    expect(words.filter((w) => w.includes('\u00ad'))).toEqual([]);
    expect(words.some((w) => /^\p{L}+-$/u.test(w))).toBe(true);
    // Inside a line the word is whole: its parts are joined without a gap or a hyphen.
    expect(words).toContain('extraordinary');
    expect(words.join(' ').replace(/- /g, '')).toBe(Array.from({ length: 12 }, () => 'extraordinary').join(' '));
  });
});

describe('justified lines that would be loose', () => {
  // 10 pt type whose letters are 5 pt wide and spaces 2.5 pt: widths are easy to reason about.
  const font = { widthOfString: (text: string, size: number) => [...text].length * size * 0.5 };
  const word = (text: string, space = true): Inline => ({
    text,
    width: [...text].length * 5 + (space ? 2.5 : 0),
    trailingCut: space ? 2.5 : 0,
    font,
    fontSize: 10,
    alignment: 'justify',
  });
  const line = (maxWidth: number, inlines: Inline[]): Line => ({
    maxWidth,
    inlines,
    addInline(inline) {
      this.inlines.push(inline);
    },
    getHeight: () => 12,
  });
  const rebuild = (from: Line, inlines: Inline[]) => ({ ...line(from.maxWidth, []), ...from, inlines });
  const words = (count: number) => Array.from({ length: count }, (_, i) => word(`word${i}`));
  const natural = (inlines: Inline[]) => inlines.reduce((sum, i) => sum + i.width, 0) - 2.5;

  it('tracks a line within 0.05 em when that leaves its spaces under the loose limit', () => {
    const inlines = words(6);
    // Slack 20 pt over 5 spaces of 2.5 pt: 1.6 spaces tolerate 7.5 pt; 0.05 em (0.5 pt) on 24 letter gaps
    // takes 12 pt, leaving spaces of 1.64 — not loose, so 0.05 em is the limit.
    const tracked = track(line(natural(inlines) + 20, inlines), inlines);
    expect(tracked[0]?.characterSpacing).toBeCloseTo(0.5, 5);
  });

  it('allows up to 0.08 em on a line that 0.05 em would leave loose, and no more', () => {
    const inlines = words(6);
    const tracked = track(line(natural(inlines) + 60, inlines), inlines);
    expect(tracked[0]?.characterSpacing).toBeCloseTo(0.8, 5);
  });

  it('leaves a last line, and a line with even spaces, alone', () => {
    const inlines = words(6);
    expect(track({ ...line(natural(inlines) + 60, inlines), lastLineInParagraph: true }, inlines)).toBe(inlines);
    expect(track(line(natural(inlines) + 2, inlines), inlines)[0]?.characterSpacing).toBeUndefined();
  });

  it('shrinks spaces by up to 30% to take one more word only on a line that would otherwise be loose', () => {
    // 12 words with 11 spaces (27.5 pt); with the next word, 12 spaces (30 pt): a quarter is 7.5 pt, 30% 9 pt.
    const wordsOnLine = (slack: number, nextWidth: number) => {
      const inlines = words(12);
      const pending = [{ ...word('extra'), width: nextWidth }, word('tail', false)];
      return shrinkToFit(line(natural(inlines) + slack, inlines), pending, rebuild).inlines.length;
    };
    // Not loose (slack 20 pt: spaces would stretch to 1.73): a quarter, so 27.5 pt fits and 28.5 pt does not.
    expect(wordsOnLine(20, 27.5)).toBe(13);
    expect(wordsOnLine(20, 28.5)).toBe(12);
    // Loose (slack 23 pt: 1.84 spaces): 30%, so 31.5 pt fits (a quarter would not), 32.5 pt does not.
    expect(wordsOnLine(23, 31.5)).toBe(13);
    expect(wordsOnLine(23, 32.5)).toBe(12);
  });
});

import { describe, expect, it } from 'vitest';
import { fontFamilies } from '../fonts';
import { plannedBreak } from './keep-lines';
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

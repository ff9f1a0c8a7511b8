import { mkdirSync, writeFileSync } from 'node:fs';
import type { PrintOptions, TiptapDocument } from '@bookwright/contracts/http';
import { create as createFont, type Font } from 'fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontData, scriptFamilies } from '../fonts';
import { printedMissingGlyphs } from './printed-text';
import { renderCoverPdf } from './render-cover';
import { renderInteriorPdf } from './render-interior';
import { buildCoverImage, typesetExportBook, prose } from './testing/books';
import { missingTools, pdfFonts, pdfPageTexts, pdfWordBoxes, renderPagePngs, type WordBox } from './testing/poppler';
import { mixedScriptDocument, scriptSamples, type SampleScript } from './testing/scripts';

const missing = missingTools();
if (missing.length > 0) {
  const message = `${missing.join(', ')} not installed (apt-get install poppler-utils qpdf): every-script checks`;
  if (process.env.CI) throw new Error(`${message} cannot run in CI`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING ${message}\n${'!'.repeat(78)}\n`);
}
const noTools = missing.length > 0;

const print = (exportType: PrintOptions['exportType']): PrintOptions => ({
  platform: 'kdp',
  exportType,
  trimSize: '6x9',
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
});

/**
 * What pdftotext gives back is compared after NFKC (Arabic presentation forms fold to their letters) and
 * without spaces (pdftotext may drop or add them around runs of another script). Right-to-left text must
 * come back in logical (reading) order: poppler reads a right-to-left run drawn in visual order, as print
 * draws it, back in the order it was typed.
 */
function normalised(text: string, extracted = false): string {
  const folded = text.normalize('NFKC').replace(/[\s\u00a0\u200e\u200f\u202a-\u202e]+/g, '');
  // Devanagari's vowel sign I is drawn before the consonant it follows; text extraction returns it there.
  return extracted ? folded.replace(/\u093f([\u0915-\u0939\u0958-\u095f])/g, '$1\u093f') : folded;
}
function contains(haystack: string, sample: string): boolean {
  return normalised(haystack, true).includes(normalised(sample));
}

/** A line mixing both directions and numbers: the numbers must keep their digits' order. */
const mixedLine = `The sign read ${'שלום'} 123 ${'עולם'} and ${'مرحبا'} 45 ${'بالعالم'}, on page 7.`;

const title = `${scriptSamples.japanese} · Ἐπίγραμμα`;
const subtitle = `${scriptSamples.hebrew} — ${scriptSamples.arabic}`;
const book = typesetExportBook({
  title,
  subtitle,
  author: 'Фёдор Ким 김민준',
  description: `${scriptSamples.chinese}. ${scriptSamples.devanagari}. ${scriptSamples.thai}. A letter from the future.`,
  document: withParagraph(
    mixedScriptDocument((seed) => prose(seed, 40)),
    mixedLine,
  ),
});

function withParagraph(document: TiptapDocument, text: string): TiptapDocument {
  return { ...document, content: [...document.content, { type: 'paragraph', content: [{ type: 'text', text }] }] };
}
const scripts = Object.keys(scriptSamples) as SampleScript[];

describe.skipIf(noTools)('every script in print', () => {
  let interior: Uint8Array;
  let cover: Uint8Array;
  let pageCount: number;
  let interiorPages: string[];
  let coverText: string;
  beforeAll(async () => {
    const result = await renderInteriorPdf(book, print('interior'));
    interior = result.pdf;
    pageCount = result.pageCount;
    const image = await buildCoverImage(1900, 2850);
    cover = await renderCoverPdf(
      { ...book, cover: { data: image, contentType: 'image/png', widthPx: 1900, heightPx: 2850 } },
      print('cover'),
      Math.max(pageCount, 120),
    );
    interiorPages = pdfPageTexts(interior);
    coverText = pdfPageTexts(cover).join('\n');
    if (process.env.SCRIPT_SHOTS) {
      mkdirSync(process.env.SCRIPT_SHOTS, { recursive: true });
      writeFileSync(`${process.env.SCRIPT_SHOTS}/interior.pdf`, interior);
      renderPagePngs(interior, `${process.env.SCRIPT_SHOTS}/interior`, { dpi: 110 });
      renderPagePngs(cover, `${process.env.SCRIPT_SHOTS}/cover`, { dpi: 60 });
    }
  }, 120_000);

  it.each(scripts)('the interior prints %s as text', (script) => {
    const text = interiorPages.join('\n');
    expect(contains(text, scriptSamples[script]), `${scriptSamples[script]} in the interior`).toBe(true);
  });

  it.each(['arabic', 'hebrew'] as const)('reads the %s quotation back in logical order', (script) => {
    const text = interiorPages.join('\n');
    expect(contains(text, scriptSamples[script])).toBe(true);
    // Drawn the wrong way round, the extracted text would hold the letters reversed.
    const reversed = [...scriptSamples[script]].reverse().join('');
    expect(contains(text, reversed)).toBe(false);
  });

  it('joins Arabic letters: the shaper pdfkit lays text out with gives contextual forms', () => {
    const font = createFont(Buffer.from(fontData(scriptFamilies.arabic, 'normal'))) as Font;
    const word = 'مرحبا';
    const shaped = font.layout(word).glyphs.map((g) => g.id);
    const isolated = [...word].map((c) => font.glyphForCodePoint(c.codePointAt(0) ?? 0).id);
    // م ر ح ب ا: initial meem, final reh, initial hah, medial beh, final alef: glyphs the letters'
    // isolated forms are not.
    expect(shaped.filter((id) => !isolated.includes(id)).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the numbers of a mixed-direction line, each quotation read from the right', () => {
    const page = interiorPages.findIndex((p) => p.includes('The sign read'));
    expect(page).toBeGreaterThanOrEqual(0);
    const words = pdfWordBoxes(interior, { first: page + 1, last: page + 1 });
    const anchor = words.find((w) => w.word === 'sign');
    // The Arabic face's box is taller: words on the line are the ones whose boxes hold its baseline.
    const line = words.filter((w) => anchor && w.yMin < anchor.yMax - 2 && w.yMax > anchor.yMax - 2);
    // Word boxes hold a right-to-left word's glyphs as drawn (from the left; a lam-alef ligature keeps its
    // two letters in typed order) and punctuation may join them: a word is known by its letters.
    const letters = (word: string) => [...normalised(word).replace(/^[,.]|[,.]$/g, '')].sort().join('');
    const at = (word: string): WordBox | undefined => line.find((w) => letters(w.word) === letters(word));
    for (const number of ['123', '45', '7']) expect(at(number), number).toBeDefined();
    const x = (word: string) => at(word)?.xMin ?? Number.NaN;
    // Visual order: the first word of each quotation is its rightmost, the number between its words.
    expect(x('עולם')).toBeLessThan(x('123'));
    expect(x('123')).toBeLessThan(x('שלום'));
    expect(x('بالعالم')).toBeLessThan(x('45'));
    expect(x('45')).toBeLessThan(x('مرحبا'));
    expect(x('שלום')).toBeLessThan(x('and'));
    expect(x('and')).toBeLessThan(x('بالعالم'));
  });

  it('prints the mixed-script title on the title page and in the table of contents', () => {
    const pages = interiorPages;
    const titlePage = pages.findIndex((p) => contains(p, 'Ἐπίγραμμα') && contains(p, 'Фёдор'));
    expect(titlePage).toBeGreaterThanOrEqual(0);
    expect(contains(pages[titlePage] ?? '', scriptSamples.japanese)).toBe(true);
    expect(contains(pages[titlePage] ?? '', scriptSamples.hebrew)).toBe(true);
    expect(contains(pages[titlePage] ?? '', scriptSamples.arabic)).toBe(true);
    expect(contains(pages[titlePage] ?? '', '김민준')).toBe(true);
    expect(pages.some((p) => contains(p, `The Letter ${scriptSamples.japanese}`) && /Contents/i.test(p))).toBe(true);
  });

  it('prints the title in the running heads', () => {
    const pages = interiorPages;
    const heads = pages.filter((p) => p.trimStart().startsWith(scriptSamples.japanese));
    expect(heads.length).toBeGreaterThan(0);
  });

  it.each(['chinese', 'devanagari', 'thai'] as const)('the cover prints %s (description) as text', (script) => {
    expect(contains(coverText, scriptSamples[script])).toBe(true);
  });

  it('the cover prints the title, subtitle scripts and author', () => {
    const text = coverText;
    expect(contains(text, scriptSamples.japanese)).toBe(true);
    expect(contains(text, '김민준')).toBe(true);
  });

  it('embeds (and subsets) every font of interior and cover, one Noto face per script', () => {
    for (const pdf of [interior, cover]) {
      const fonts = pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);
      // pdfkit names subsets with a six-letter tag.
      expect(fonts.every((f) => /^[A-Z]{6}\+/.test(f.name))).toBe(true);
    }
    const names = pdfFonts(interior).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    for (const face of ['NotoSansJP', 'NotoSansSC', 'NotoSansKR', 'NotoSansArabic', 'NotoSansHebrew']) {
      expect(
        names.some((n) => n.startsWith(face)),
        face,
      ).toBe(true);
    }
    expect(names.some((n) => n.startsWith('NotoSansDevanagari'))).toBe(true);
    expect(names.some((n) => n.startsWith('NotoSansThai'))).toBe(true);
  });
});

describe('glyph coverage of the print edition', () => {
  it('finds every character of the mixed-script book in an embedded font', () => {
    expect(printedMissingGlyphs(book)).toEqual([]);
  });

  it('names the characters no embedded font has, wherever they are', () => {
    const withGaps = typesetExportBook({
      title: 'Hieroglyphs 𓀀',
      description: 'A private-use \uE000 mark.',
      document: mixedScriptDocument(() => 'Linear B 𐀀 and 𓀀 again.'),
    });
    expect(printedMissingGlyphs(withGaps)).toEqual(['𓀀', '\uE000', '𐀀']);
  });
});

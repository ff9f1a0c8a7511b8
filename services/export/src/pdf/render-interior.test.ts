import type { BookLanguage, PrintOptions } from '@bookwright/contracts/http';
import { beforeAll, describe, expect, it } from 'vitest';
import { gutterInches, interiorPageSize, minimumMarginIn } from './kdp-rules';
import { renderInteriorPdf, type InteriorDiagnostics, type InteriorPdf } from './render-interior';
import { typesetExportBook, languageSamples } from './testing/books';
import { missingTools, pdfFonts, pdfInfo, pdfPageTexts, pdfWordBoxes, qpdfCheck } from './testing/poppler';

const missing = missingTools();
if (missing.length > 0) {
  const message = `${missing.join(', ')} not installed (apt-get install poppler-utils qpdf): interior PDF checks`;
  if (process.env.CI) throw new Error(`${message} cannot run in CI`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING ${message}\n${'!'.repeat(78)}\n`);
}
const noTools = missing.length > 0;

const print = (overrides: Partial<PrintOptions> = {}): PrintOptions => ({
  platform: 'kdp',
  exportType: 'interior',
  trimSize: '6x9',
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
  ...overrides,
});
const inch = 72;
const lines = (page: string) =>
  page
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe.each([
  { trimSize: '5x8', paperColor: 'cream', bleed: false },
  { trimSize: '5.5x8.5', paperColor: 'white', bleed: true },
  { trimSize: '6x9', paperColor: 'white', bleed: false },
  { trimSize: '7x10', paperColor: 'cream', bleed: true },
  { trimSize: '8.5x11', paperColor: 'white', bleed: false },
] as const)('interior $trimSize on $paperColor, bleed $bleed', (config) => {
  const options = print(config);
  const book = typesetExportBook(
    { keywords: ['lighthouse', 'village'] },
    { chapters: 3, wordsPerChapter: 1500, richFirstChapter: true },
  );
  let result: InteriorPdf;
  beforeAll(async () => {
    result = await renderInteriorPdf(book, options);
  });

  it.skipIf(noTools)('passes qpdf --check', () => {
    const check = qpdfCheck(result.pdf);
    expect(check.ok, check.output).toBe(true);
  });

  it.skipIf(noTools)('has pages of the trim size (plus bleed) to 0.01", an even count and no encryption', () => {
    const info = pdfInfo(result.pdf);
    const page = interiorPageSize(config.trimSize, config.bleed);
    expect(Math.abs(info.widthPt - page.widthPt)).toBeLessThanOrEqual(0.01 * inch);
    expect(Math.abs(info.heightPt - page.heightPt)).toBeLessThanOrEqual(0.01 * inch);
    expect(info.pages).toBe(result.pageCount);
    expect(result.pageCount % 2).toBe(0);
    expect(info.encrypted).toBe(false);
    expect(info.fields).toMatchObject({
      Title: book.title,
      Author: 'Ada Example',
      Keywords: 'lighthouse, village',
      Creator: 'Bookwright',
      Subject: book.description,
    });
  });

  it.skipIf(noTools)('embeds every font', () => {
    const fonts = pdfFonts(result.pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(fonts.some((f) => f.name.includes('Literata'))).toBe(true);
  });

  it.skipIf(noTools)('keeps every word, running heads and folios included, inside KDP margins', () => {
    const page = interiorPageSize(config.trimSize, config.bleed);
    const minimum = (config.bleed ? minimumMarginIn.withBleed : minimumMarginIn.withoutBleed) * inch;
    const bleed = config.bleed ? 0.125 * inch : 0;
    const gutter = gutterInches(result.pageCount) * inch;
    for (const word of pdfWordBoxes(result.pdf)) {
      const recto = word.page % 2 === 1;
      // Recto: spine on the left, bleed on the right; verso: the other way round.
      const inside = recto ? word.xMin : page.widthPt - word.xMax;
      const outside = recto ? page.widthPt - word.xMax : word.xMin;
      expect(inside, `${word.word} on page ${word.page}`).toBeGreaterThanOrEqual(gutter);
      // Measured from the trim, the stricter reading of KDP's minimums.
      expect(outside - bleed).toBeGreaterThanOrEqual(minimum);
      expect(word.yMin - bleed).toBeGreaterThanOrEqual(minimum);
      expect(page.heightPt - bleed - word.yMax).toBeGreaterThanOrEqual(minimum);
    }
  });
});

describe.skipIf(noTools)('interior structure', () => {
  const samples: BookLanguage[] = [
    'czech',
    'polish',
    'turkish',
    'latvian',
    'lithuanian',
    'romanian',
    'hungarian',
    'slovak',
    'croatian',
    'estonian',
    'albanian',
    'danish',
    'norwegian',
    'swedish',
    'german',
    'french',
  ];
  const book = typesetExportBook({}, { chapters: 5, wordsPerChapter: 1700, richFirstChapter: true, samples });
  let result: InteriorPdf;
  let pages: string[];
  beforeAll(async () => {
    result = await renderInteriorPdf(book, print());
    pages = pdfPageTexts(result.pdf);
  });

  it('prints every non-ASCII letter of the languages (Czech, Polish, Turkish, Latvian …)', () => {
    const text = pages.join('\n').normalize('NFC');
    for (const language of samples) {
      const words = (languageSamples[language] ?? '')
        .split(/\s+/)
        .map((w) => w.replace(/^[«„“‘(¿¡]+|[.,;:!?»”’)]+$/g, ''));
      for (const word of words.filter((w) => [...w].some((c) => c.charCodeAt(0) > 127)))
        expect(text, `${language}: ${word}`).toContain(word);
    }
    // The French no-break spaces keep « Bonjour ! » on one line, and the symbol prints from DejaVu Sans.
    expect(text).toMatch(/«\s+Bonjour\s+!\s+» and a symbol ∮\./);
  });

  it('has half-title, title, copyright and contents pages without folios', () => {
    expect(lines(pages[0] ?? '')).toEqual([book.title]);
    expect(lines(pages[1] ?? '')).toEqual([]);
    expect(lines(pages[2] ?? '')).toEqual([book.title, 'Ada Example', 'Harbour Press']);
    expect(lines(pages[3] ?? '')).toEqual([
      book.title,
      '© 2025 Ada Example',
      'All rights reserved.',
      'ISBN 978-3-16-148410-0',
      book.identifier,
      'Harbour Press',
      'March 12, 2025',
      'Produced with Bookwright',
    ]);
    expect(lines(pages[4] ?? '')[0]).toBe('Contents');
  });

  it('starts every chapter on an odd page without running head or folio, as the contents say', () => {
    const toc = lines(pages[4] ?? '');
    const openers = [1, 2, 3, 4, 5].map((n) => {
      const at = toc.findIndex((l) => l.startsWith(`Chapter ${n}:`));
      return { title: toc[at] ?? '', page: Number(toc[at + 1]) };
    });
    for (const opener of openers) {
      expect(opener.page % 2, opener.title).toBe(1);
      const text = lines(pages[opener.page - 1] ?? '');
      expect(text[0]).toBe(opener.title);
      expect(text.at(-1)).not.toMatch(/^\d+$/);
    }
    // Blank versos: only where the previous chapter ended on a recto, and nothing printed on them.
    for (const [index, page] of pages.entries()) {
      const number = index + 1;
      if (number <= 5 || openers.some((o) => o.page === number)) continue;
      const text = lines(page);
      if (text.length === 0) {
        const nextIsOpener = openers.some((o) => o.page === number + 1) || number === pages.length;
        expect(nextIsOpener, `blank page ${number}`).toBe(true);
        expect(number % 2).toBe(0);
        continue;
      }
      // Body pages: book title on versos, chapter title on rectos, the folio at the foot.
      const chapter = [...openers].reverse().find((o) => o.page < number);
      // Letter-spaced capitals: pdftotext may split them into letters.
      const head = (number % 2 === 0 ? book.title : (chapter?.title ?? '')).toUpperCase();
      expect(text[0]?.replace(/\s/g, '')).toBe(head.replace(/\s/g, ''));
      expect(text.at(-1)).toBe(String(number));
    }
  });

  it('prints the author’s Rights once, instead of the generated notice (issue 46)', async () => {
    const rights = '© 2026 Ada Author. All rights reserved.';
    const own = typesetExportBook({ rights, author: 'Ada Author' }, { chapters: 1, wordsPerChapter: 300 });
    const copyright = lines(pdfPageTexts((await renderInteriorPdf(own, print())).pdf)[3] ?? '');
    expect(copyright.filter((l) => l.includes('©'))).toEqual([rights]);
    expect(copyright.filter((l) => l.includes('All rights reserved'))).toEqual([rights]);
  });

  it('prints the book’s own language for contents, rights and date', async () => {
    const czech = typesetExportBook(
      { language: 'czech', languageCode: 'cs' },
      { chapters: 1, wordsPerChapter: 300, samples: ['czech'] },
    );
    const texts = pdfPageTexts((await renderInteriorPdf(czech, print({ trimSize: '5x8' }))).pdf);
    expect(lines(texts[3] ?? '')).toContain('Všechna práva vyhrazena.');
    expect(lines(texts[3] ?? '')).toContain('12. března 2025');
    expect(lines(texts[4] ?? '')[0]).toBe('Obsah');
  });
});

describe.skipIf(noTools)('gutter', () => {
  const leftEdge = (pdf: Uint8Array, page: number) =>
    Math.min(...pdfWordBoxes(pdf, { first: page, last: page }).map((w) => w.xMin));

  it('grows with the page count, re-laying out when the count crosses a band', { timeout: 120_000 }, async () => {
    const short = await renderInteriorPdf(typesetExportBook({}, { chapters: 10, wordsPerChapter: 2500 }), print());
    const longBook = typesetExportBook({}, { chapters: 30, wordsPerChapter: 3000 });
    const diagnostics: InteriorDiagnostics = { firstLayoutPages: 24 };
    const long = await renderInteriorPdf(longBook, print(), diagnostics);
    expect(short.pageCount).toBeLessThanOrEqual(150);
    expect(long.pageCount).toBeGreaterThan(300);
    // Laid out first with the margins of a 24-page book, then again with the 301–500 band's.
    expect(diagnostics.layouts).toBe(2);
    // Odd pages: the spine is on the left, so the left edge of the text is the inside margin.
    const shortInside = leftEdge(short.pdf, 9);
    const longInside = leftEdge(long.pdf, 9);
    expect(shortInside).toBeGreaterThanOrEqual(gutterInches(short.pageCount) * inch);
    expect(longInside).toBeGreaterThanOrEqual(gutterInches(long.pageCount) * inch);
    expect(longInside - shortInside).toBeGreaterThanOrEqual((0.625 - 0.375) * inch - 1);
    expect(pdfInfo(long.pdf).pages).toBe(long.pageCount);
  });
});

describe.skipIf(noTools)('interior edge cases', () => {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const heading = (text: string) => ({
    type: 'heading',
    attrs: { level: 1 },
    content: text ? [{ type: 'text', text }] : [],
  });

  it('renders front matter alone for an empty manuscript', async () => {
    const result = await renderInteriorPdf(typesetExportBook({ document: { type: 'doc', content: [] } }), print());
    expect(result.pageCount).toBe(4);
    expect(qpdfCheck(result.pdf).ok).toBe(true);
  });

  it('sets text before the first chapter, and a chapter with an empty heading, as untitled sections', async () => {
    const document = {
      type: 'doc' as const,
      content: [
        paragraph('Written offline: this opening note comes before any chapter.'),
        heading('First'),
        paragraph('Body of the first chapter.'),
        heading(''),
        paragraph('A chapter without a title.'),
      ],
    };
    const result = await renderInteriorPdf(typesetExportBook({ document }), print());
    const texts = pdfPageTexts(result.pdf).map(lines);
    const pageOf = (text: string) => texts.findIndex((t) => t.some((l) => l.includes(text))) + 1;
    expect(pageOf('Written offline') % 2).toBe(1);
    expect(pageOf('Body of the first chapter') % 2).toBe(1);
    expect(pageOf('A chapter without a title') % 2).toBe(1);
    expect(texts[4]?.filter((l) => !/^\d+$/.test(l))).toEqual(['Contents', 'First']);
  });

  it('spreads a long contents over pages and shortens long running heads', async () => {
    const long = 'An Exceptionally Long Chapter Title That Keeps Going Well Beyond the Width of Any Running Head';
    const book = typesetExportBook(
      { title: 'Ünïcödé Ωmega Ελληνικά: a Greek subtitle in the title' },
      { chapters: 45, wordsPerChapter: 450, chapterTitle: (n) => (n === 3 ? long : `Part ${n}`) },
    );
    const result = await renderInteriorPdf(book, print({ trimSize: '5x8' }));
    expect(qpdfCheck(result.pdf).ok).toBe(true);
    const texts = pdfPageTexts(result.pdf).map(lines);
    expect(texts[4]?.[0]).toBe('Contents');
    expect(texts[5]?.some((l) => l.startsWith('Part '))).toBe(true);
    const heads = texts.map((t) => (t[0] ?? '').replace(/\s/g, ''));
    expect(heads.some((h) => h.startsWith('ANEXCEPTIONALLY') && h.endsWith('…'))).toBe(true);
    expect(heads.some((h) => h.startsWith('ÜNÏCÖDÉΩMEGAΕΛΛΗΝΙΚΆ'))).toBe(true);
  });
});

import type { PrintOptions } from '@bookwright/contracts/http';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  barcodeArea,
  coverEffectiveDpi,
  HardcoverCoverNotSupportedError,
  minimumImageDpi,
  paperbackCoverLayout,
  spineText,
} from './kdp-rules';
import { renderCoverPdf } from './render-cover';
import { CoverImageRequiredError } from './kdp-rules';
import { buildCoverImage, typesetExportBook } from './testing/books';
import { missingTools, pdfFonts, pdfInfo, pdfPageTexts, pdfWordBoxes, qpdfCheck } from './testing/poppler';

const missing = missingTools();
if (missing.length > 0) {
  const message = `${missing.join(', ')} not installed (apt-get install poppler-utils qpdf): cover PDF checks`;
  if (process.env.CI) throw new Error(`${message} cannot run in CI`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING ${message}\n${'!'.repeat(78)}\n`);
}
const noTools = missing.length > 0;
const inch = 72;

const print = (overrides: Partial<PrintOptions> = {}): PrintOptions => ({
  platform: 'kdp',
  exportType: 'cover',
  trimSize: '6x9',
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
  ...overrides,
});

describe('cover PDF', () => {
  let image: Uint8Array;
  const withCover = (widthPx: number, heightPx: number, data: Uint8Array) =>
    typesetExportBook({
      cover: { data, contentType: 'image/png', widthPx, heightPx },
      description:
        'A keeper of a coastal lighthouse finds a letter that changes the village.\n\nŽluťoučký kůň, zażółć gęślą jaźń.',
    });
  beforeAll(async () => {
    image = await buildCoverImage(1900, 2850);
  });

  it.skipIf(noTools).each([
    { trimSize: '5x8', paperColor: 'cream', pages: 24 },
    { trimSize: '6x9', paperColor: 'white', pages: 300 },
    { trimSize: '8.5x11', paperColor: 'cream', pages: 500 },
  ] as const)(
    'is one page of (2 × trim + spine + 0.25") × (trim + 0.25"): $trimSize, $paperColor, $pages pages',
    async (c) => {
      const options = print({ trimSize: c.trimSize, paperColor: c.paperColor });
      const pdf = await renderCoverPdf(withCover(1900, 2850, image), options, c.pages);
      const layout = paperbackCoverLayout(c.trimSize, c.pages, c.paperColor);
      const info = pdfInfo(pdf);
      expect(info.pages).toBe(1);
      expect(Math.abs(info.widthPt - layout.widthIn * inch)).toBeLessThanOrEqual(0.01 * inch);
      expect(Math.abs(info.heightPt - layout.heightIn * inch)).toBeLessThanOrEqual(0.01 * inch);
      expect(info.encrypted).toBe(false);
      const check = qpdfCheck(pdf);
      expect(check.ok, check.output).toBe(true);
      expect(pdfFonts(pdf).filter((f) => !f.embedded)).toEqual([]);
    },
  );

  it.skipIf(noTools)('prints spine text only from 79 pages, clear of both folds', async () => {
    const book = withCover(1900, 2850, image);
    const onSpine = async (pages: number) => {
      const layout = paperbackCoverLayout('6x9', pages, 'white');
      const pdf = await renderCoverPdf(book, print(), pages);
      const left = layout.spineLeftIn * inch;
      const right = layout.spineRightIn * inch;
      return { left, right, words: pdfWordBoxes(pdf).filter((w) => w.xMax > left && w.xMin < right) };
    };
    expect((await onSpine(78)).words).toEqual([]);
    const spine = await onSpine(79);
    expect(spine.words.map((w) => w.word).join(' ')).toContain('Lantern');
    const thick = await onSpine(400);
    expect(thick.words.map((w) => w.word).join(' ')).toBe('The Lantern Keeper — Ada Example');
    const clearance = spineText.foldClearanceIn * inch;
    for (const { left, right, words } of [spine, thick]) {
      for (const word of words) {
        expect(word.xMin - left, word.word).toBeGreaterThanOrEqual(clearance - 0.5);
        expect(right - word.xMax, word.word).toBeGreaterThanOrEqual(clearance - 0.5);
      }
    }
  });

  it.skipIf(noTools)('puts the description on the back and keeps the barcode area clear', async () => {
    const pdf = await renderCoverPdf(withCover(1900, 2850, image), print(), 200);
    const layout = paperbackCoverLayout('6x9', 200, 'white');
    const words = pdfWordBoxes(pdf);
    const back = words.filter((w) => w.xMax < layout.spineLeftIn * inch);
    expect(back.map((w) => w.word).join(' ')).toContain('Žluťoučký kůň, zażółć gęślą jaźń.');
    const box = {
      left: (layout.spineLeftIn - barcodeArea.fromSpineIn - barcodeArea.widthIn) * inch,
      top: (layout.heightIn - layout.bleedIn - barcodeArea.fromBottomIn - barcodeArea.heightIn) * inch,
    };
    const inBox = words.filter((w) => w.xMax > box.left && w.xMin < layout.spineLeftIn * inch && w.yMax > box.top);
    expect(inBox).toEqual([]);
  });

  it.skipIf(noTools)('prints a rich-text description as formatted words, never as tags', async () => {
    // The shape an accepted AI suggestion or the metadata form's editor stores.
    const description =
      '<p><strong>The Lantern Keeper</strong> — a story of <em>letters</em> &amp; tides.</p>' +
      '<ul><li><p>Storms</p></li><li><p>Secrets</p></li></ul><p><strong><em>Unforgettable.</em></strong><br>Read it.</p>';
    const book = typesetExportBook({ cover: { data: image, contentType: 'image/png', widthPx: 1900, heightPx: 2850 } });
    const pdf = await renderCoverPdf({ ...book, description }, print(), 200);
    const layout = paperbackCoverLayout('6x9', 200, 'white');
    // In reading order: line by line, top to bottom.
    const back = pdfWordBoxes(pdf)
      .filter((w) => w.xMax < layout.spineLeftIn * inch)
      .sort((a, b) => Math.round(a.yMin - b.yMin) || a.xMin - b.xMin);
    const text = back.map((w) => w.word).join(' ');
    expect(text).toContain('a story of letters & tides.');
    expect(text).toContain('• Storms • Secrets Unforgettable. Read it.');
    expect(pdfPageTexts(pdf).join('')).not.toMatch(/<\/?[a-z]+>|&amp;|&lt;/i);
    // Bold italics is used by nothing else on the cover: the marks reached the page as a font.
    expect(
      pdfFonts(pdf)
        .map((f) => f.name)
        .join(' '),
    ).toMatch(/BoldItalic/i);
  });

  it('reports the effective DPI of the cover image on the front panel', () => {
    // 6x9 front panel with bleed: 6.125" × 9.25".
    expect(coverEffectiveDpi(1838, 2775, print(), 200)).toBeCloseTo(300, 0);
    expect(coverEffectiveDpi(1024, 1536, print(), 200)).toBeLessThan(minimumImageDpi);
    expect(coverEffectiveDpi(1024, 1536, print(), 200)).toBeCloseTo(166, 0);
    expect(coverEffectiveDpi(3000, 3000, print(), 200)).toBeCloseTo(3000 / 9.25, 3);
  });

  it('renders a low-resolution cover all the same (validation warns about it)', async () => {
    const small = await buildCoverImage(1024, 1536);
    const pdf = await renderCoverPdf(withCover(1024, 1536, small), print(), 120);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('refuses a book without a cover and hardcover wraps', async () => {
    await expect(renderCoverPdf(typesetExportBook(), print(), 120)).rejects.toBeInstanceOf(CoverImageRequiredError);
    await expect(
      renderCoverPdf(withCover(1900, 2850, image), print({ isPaperback: false }), 120),
    ).rejects.toBeInstanceOf(HardcoverCoverNotSupportedError);
  });
});

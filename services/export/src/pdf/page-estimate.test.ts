import { beforeAll, describe, expect, it } from 'vitest';
import {
  chapterCharacters,
  estimatePages,
  trimSizes,
  type PrintOptions,
  type TrimSize,
} from '@bookwright/contracts/http';
import type { ExportBook } from '../export-book';
import { renderInteriorPdf } from './render-interior';
import { calibrationLengths } from './testing/page-estimate-books';
import { offlineBook } from './testing/offline-book';
import { missingTools, pdfInfo } from './testing/poppler';

const print = (trimSize: TrimSize): PrintOptions => ({
  platform: 'kdp',
  exportType: 'interior',
  trimSize,
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
});

/**
 * The one page estimate against the real KDP interior: the offline writer's book at a 30-page, a short and a
 * long length, printed in every trim size (15 PDFs, counted by pdfinfo). bench/page-estimate prints the same
 * table to re-fit the constants from.
 */
describe.skipIf(missingTools(['pdfinfo']).length > 0 && !process.env.CI)('the page estimate against the print', () => {
  const books = new Map<string, ExportBook>();
  beforeAll(async () => {
    for (const [name, length] of Object.entries(calibrationLengths)) books.set(name, await offlineBook(length));
  }, 60_000);

  for (const { value: trimSize } of trimSizes) {
    it(`is within 5% of the printed interior at ${trimSize}, at every length`, async () => {
      for (const [name, book] of books) {
        const printed = pdfInfo((await renderInteriorPdf(book, print(trimSize))).pdf).pages;
        const estimate = estimatePages(chapterCharacters(book.document), trimSize);
        expect(
          Math.abs(estimate - printed) / printed,
          `${name}: ${estimate} estimated, ${printed} printed`,
        ).toBeLessThanOrEqual(0.05);
      }
    }, 120_000);
  }

  it('calls the shortest book about 30 pages at the default trim', () => {
    expect(estimatePages(chapterCharacters(books.get('thirtyPages')!.document))).toBe(30);
  });
});

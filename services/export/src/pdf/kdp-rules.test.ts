import { describe, expect, it } from 'vitest';
import {
  checkPrintFit,
  coverLayout,
  frontPanelIn,
  gutterInches,
  HardcoverCoverNotSupportedError,
  interiorMargins,
  interiorPageSize,
  minimumMarginIn,
  paperbackCoverLayout,
  printTrimSizes,
  spineTextAllowed,
  trimSpec,
} from './kdp-rules';

describe('KDP rules', () => {
  it('knows the five trim sizes of spec §9 in points', () => {
    expect(printTrimSizes.map((t) => [t.value, t.widthPt, t.heightPt])).toEqual([
      ['5x8', 360, 576],
      ['5.5x8.5', 396, 612],
      ['6x9', 432, 648],
      ['7x10', 504, 720],
      ['8.5x11', 612, 792],
    ]);
  });

  it.each([
    [24, 0.375],
    [150, 0.375],
    [151, 0.5],
    [300, 0.5],
    [301, 0.625],
    [500, 0.625],
    [501, 0.75],
    [700, 0.75],
    [701, 0.875],
    [828, 0.875],
  ])('gutter for %i pages is %f"', (pages, gutter) => {
    expect(gutterInches(pages)).toBe(gutter);
  });

  it('adds 0.125" to the width and 0.25" to the height for bleed', () => {
    expect(interiorPageSize('6x9', false)).toMatchObject({ widthIn: 6, heightIn: 9 });
    expect(interiorPageSize('6x9', true)).toMatchObject({
      widthIn: 6.125,
      heightIn: 9.25,
      widthPt: 441,
      heightPt: 666,
    });
  });

  it.each(printTrimSizes.map((t) => t.value))(
    'margins of %s satisfy KDP for every page count, with and without bleed',
    (trim) => {
      for (const pages of [24, 150, 151, 300, 301, 500, 501, 700, 701, 828]) {
        for (const withBleed of [false, true]) {
          const m = interiorMargins(trim, pages, withBleed);
          const minimum = withBleed ? minimumMarginIn.withBleed : minimumMarginIn.withoutBleed;
          expect(m.insideIn).toBeGreaterThanOrEqual(gutterInches(pages));
          expect(m.outsideIn).toBeGreaterThanOrEqual(minimum);
          expect(m.topIn).toBeGreaterThanOrEqual(minimum);
          expect(m.bottomIn).toBeGreaterThanOrEqual(minimum);
          // Symmetric side margins: pdfmake cannot mirror them.
          expect(m.pageMarginsPt[0]).toBe(m.pageMarginsPt[2]);
        }
      }
    },
  );

  it('keeps the text block the same with and without bleed', () => {
    const page = (b: boolean) => interiorPageSize('6x9', b);
    const block = (b: boolean) => {
      const [l, t, r, bottom] = interiorMargins('6x9', 200, b).pageMarginsPt;
      return [page(b).widthPt - l - r, page(b).heightPt - t - bottom];
    };
    expect(block(true)).toEqual(block(false));
  });

  it('says whether a book fits and why not', () => {
    expect(checkPrintFit({ trimSize: '6x9', isPaperback: true, paperColor: 'white', pageCount: 300 })).toEqual({
      fits: true,
      problems: [],
    });
    expect(checkPrintFit({ trimSize: '6x9', isPaperback: true, paperColor: 'white', pageCount: 20 }).problems).toEqual([
      'A KDP paperback needs at least 24 pages; this book has 20.',
    ]);
    expect(checkPrintFit({ trimSize: '6x9', isPaperback: true, paperColor: 'cream', pageCount: 800 }).fits).toBe(false);
    expect(checkPrintFit({ trimSize: '6x9', isPaperback: true, paperColor: 'white', pageCount: 800 }).fits).toBe(true);
    const hardcover = checkPrintFit({ trimSize: '5x8', isPaperback: false, paperColor: 'white', pageCount: 60 });
    expect(hardcover.fits).toBe(false);
    expect(hardcover.problems).toHaveLength(2);
    expect(checkPrintFit({ trimSize: '7x10', isPaperback: false, paperColor: 'cream', pageCount: 550 }).fits).toBe(
      true,
    );
  });

  it('allows spine text from 79 pages', () => {
    expect(spineTextAllowed(78)).toBe(false);
    expect(spineTextAllowed(79)).toBe(true);
  });

  it('sizes the paperback wrap as (2 × trim width + spine + 0.25") × (trim height + 0.25")', () => {
    const white = paperbackCoverLayout('6x9', 300, 'white');
    expect(white.spineIn).toBeCloseTo(0.6756, 6);
    expect(white.widthIn).toBeCloseTo(12 + 0.6756 + 0.25, 6);
    expect(white.heightIn).toBe(9.25);
    expect(white.spineRightIn - white.spineLeftIn).toBeCloseTo(white.spineIn, 9);
    const thin = paperbackCoverLayout('5x8', 24, 'cream');
    expect(thin.spineIn).toBe(0.06);
    expect(thin.widthIn).toBeCloseTo(10.31, 9);
    expect(frontPanelIn('6x9')).toEqual({ widthIn: 6.125, heightIn: 9.25 });
  });

  it('refuses hardcover covers instead of guessing the case wrap', () => {
    expect(() => coverLayout({ trimSize: '6x9', paperColor: 'white', isPaperback: false }, 200)).toThrow(
      HardcoverCoverNotSupportedError,
    );
    expect(trimSpec('7x10').widthPt).toBe(504);
  });
});

import {
  exportMessages,
  spineWidthIn,
  trimSizes as contractTrimSizes,
  type PaperColor,
  type PrintOptions,
  type TrimSize,
} from '@bookwright/contracts/http';

/**
 * Amazon KDP print rules (ARCHITECTURE.md §12, from KDP's help pages) as pure data and functions, so the
 * renderers, export validation and the dialog's numbers all agree. Lengths are inches unless a name says
 * Pt (PDF points, 72 per inch).
 */

export const pointsPerInch = 72;
export const inchesToPoints = (inches: number): number => inches * pointsPerInch;

export interface TrimSpec {
  value: string;
  widthIn: number;
  heightIn: number;
  widthPt: number;
  heightPt: number;
}

const spec = (value: string, widthIn: number, heightIn: number): TrimSpec => ({
  value,
  widthIn,
  heightIn,
  widthPt: inchesToPoints(widthIn),
  heightPt: inchesToPoints(heightIn),
});

/** The five trim sizes of spec §9 (paperback), in inches and points. */
export const printTrimSizes: readonly (TrimSpec & { value: TrimSize })[] = contractTrimSizes.map((t) => ({
  ...spec(t.value, t.widthIn, t.heightIn),
  value: t.value,
}));

export function trimSpec(value: TrimSize): TrimSpec & { value: TrimSize } {
  const found = printTrimSizes.find((t) => t.value === value);
  if (!found) throw new Error(`Unknown trim size ${value}`);
  return found;
}

/** KDP hardcover (case laminate) trim sizes. Only 5.5x8.5, 6x9 and 7x10 are also in spec §9's list. */
export const hardcoverTrimSizes: readonly TrimSpec[] = [
  spec('5.5x8.5', 5.5, 8.5),
  spec('6x9', 6, 9),
  spec('6.14x9.21', 6.14, 9.21),
  spec('7x10', 7, 10),
  spec('8.25x11', 8.25, 11),
];

/** Bleed: 0.125" beyond the trim on the outside, top and bottom edges of an interior page. */
export const bleed = { edgeIn: 0.125, addedWidthIn: 0.125, addedHeightIn: 0.25 } as const;

/** The interior PDF page: the trim, plus the bleed when the book prints to the edge. */
export function interiorPageSize(trimSize: TrimSize, withBleed: boolean) {
  const trim = trimSpec(trimSize);
  const widthIn = trim.widthIn + (withBleed ? bleed.addedWidthIn : 0);
  const heightIn = trim.heightIn + (withBleed ? bleed.addedHeightIn : 0);
  return { widthIn, heightIn, widthPt: inchesToPoints(widthIn), heightPt: inchesToPoints(heightIn) };
}

/** KDP's minimum inside (gutter) margin by page count; the last band also covers anything longer. */
export const gutterBands = [
  { maxPages: 150, gutterIn: 0.375 },
  { maxPages: 300, gutterIn: 0.5 },
  { maxPages: 500, gutterIn: 0.625 },
  { maxPages: 700, gutterIn: 0.75 },
  { maxPages: 828, gutterIn: 0.875 },
] as const;

/** Minimum gutter for a page count: 24–150 → 0.375", 151–300 → 0.5", … 701–828 → 0.875". */
export function gutterInches(pageCount: number): number {
  return gutterBands.find((b) => pageCount <= b.maxPages)?.gutterIn ?? 0.875;
}

/** KDP's minimum outside, top and bottom margins. */
export const minimumMarginIn = { withoutBleed: 0.25, withBleed: 0.375 } as const;

export interface InteriorMargins {
  /** From the trim's spine edge. */
  insideIn: number;
  /** From the trim's outer edge. */
  outsideIn: number;
  topIn: number;
  bottomIn: number;
  /** pdfmake pageMargins [left, top, right, bottom] in points, measured from the PDF page's edges. */
  pageMarginsPt: [number, number, number, number];
}

/**
 * The margins of the interior. pdfmake cannot mirror margins for odd and even pages (its issues #368 and
 * #2106), so both side margins are equal and at least as wide as the gutter the page count requires, plus
 * a quarter inch so the text never runs into the binding; large trims get proportionally wider margins.
 * Top and bottom are comfortable book margins far above KDP's minimums.
 *
 * With bleed the page grows by 0.125" at the outside edge (left on versos, right on rectos) and at the top
 * and bottom. Each side margin grows by half of that, so the text block keeps its width — and the book its
 * page count and spine — with or without bleed; measured from the trim, the inside margin is then 1/16"
 * wider than the outside one. Top and bottom grow by the full 0.125".
 */
export function interiorMargins(trimSize: TrimSize, pageCount: number, withBleed: boolean): InteriorMargins {
  const trim = trimSpec(trimSize);
  const sideIn = round3(Math.max(gutterInches(pageCount) + 0.25, 0.1 * trim.widthIn));
  const verticalIn = round3(Math.max(0.75, 0.08 * trim.heightIn));
  const edge = withBleed ? bleed.edgeIn : 0;
  const sidePt = inchesToPoints(sideIn + edge / 2);
  const verticalPt = inchesToPoints(verticalIn + edge);
  return {
    insideIn: sideIn + edge / 2,
    outsideIn: sideIn - edge / 2,
    topIn: verticalIn,
    bottomIn: verticalIn,
    pageMarginsPt: [sidePt, verticalPt, sidePt, verticalPt],
  };
}

/** Page-count limits for black-ink printing. */
export const pageLimits = {
  paperback: { white: { min: 24, max: 828 }, cream: { min: 24, max: 776 } },
  hardcover: { min: 75, max: 550 },
} as const satisfies {
  paperback: Record<PaperColor, { min: number; max: number }>;
  hardcover: { min: number; max: number };
};

export interface PrintFit {
  fits: boolean;
  /** Human-readable reasons, empty when the book fits. */
  problems: string[];
}

/** Whether KDP can print this book with these options, and why not. */
export function checkPrintFit(input: {
  trimSize: string;
  isPaperback: boolean;
  paperColor: PaperColor;
  pageCount: number;
}): PrintFit {
  const problems: string[] = [];
  const { trimSize, isPaperback, paperColor, pageCount } = input;
  if (isPaperback) {
    if (!printTrimSizes.some((t) => t.value === trimSize)) {
      problems.push(`Trim size ${trimSize} is not available; choose ${printTrimSizes.map((t) => t.value).join(', ')}.`);
    }
    const { min, max } = pageLimits.paperback[paperColor];
    if (pageCount < min) problems.push(`A KDP paperback needs at least ${min} pages; this book has ${pageCount}.`);
    if (pageCount > max) {
      problems.push(
        `A KDP paperback on ${paperColor} paper can have at most ${max} pages; this book has ${pageCount}.`,
      );
    }
  } else {
    if (!hardcoverTrimSizes.some((t) => t.value === trimSize)) {
      problems.push(
        `KDP hardcovers are printed only in ${hardcoverTrimSizes.map((t) => t.value).join(', ')} inches, not ${trimSize}.`,
      );
    }
    const { min, max } = pageLimits.hardcover;
    if (pageCount < min) problems.push(`A KDP hardcover needs at least ${min} pages; this book has ${pageCount}.`);
    if (pageCount > max) problems.push(`A KDP hardcover can have at most ${max} pages; this book has ${pageCount}.`);
  }
  return { fits: problems.length === 0, problems };
}

/** Spine text is allowed from 79 pages; it must stay 0.0625" clear of each fold. */
export const spineText = { minimumPages: 79, foldClearanceIn: 0.0625 } as const;

export function spineTextAllowed(pageCount: number): boolean {
  return pageCount >= spineText.minimumPages;
}

/** Cover images must reach 300 DPI at their printed size. */
export const minimumImageDpi = 300;

/**
 * KDP's clear area for the barcode it prints: 2" × 1.2" in the bottom-right corner of the back cover,
 * 0.25" from the spine fold and from the bottom trim.
 */
export const barcodeArea = { widthIn: 2, heightIn: 1.2, fromSpineIn: 0.25, fromBottomIn: 0.25 } as const;

export interface CoverLayout {
  widthIn: number;
  heightIn: number;
  widthPt: number;
  heightPt: number;
  spineIn: number;
  bleedIn: number;
  trimWidthIn: number;
  trimHeightIn: number;
  /** x of the back cover's trimmed left edge, of the two spine folds and of the front's trimmed right edge. */
  backLeftIn: number;
  spineLeftIn: number;
  spineRightIn: number;
  frontRightIn: number;
  spineTextAllowed: boolean;
}

/**
 * The full paperback wrap (back | spine | front): (2 × trim width + spine + 0.25") × (trim height + 0.25"),
 * the spine from spec §9's paper factor.
 */
export function paperbackCoverLayout(trimSize: TrimSize, pageCount: number, paperColor: PaperColor): CoverLayout {
  const trim = trimSpec(trimSize);
  const spineIn = spineWidthIn(pageCount, paperColor);
  const edge = bleed.edgeIn;
  const widthIn = 2 * trim.widthIn + spineIn + 2 * edge;
  const heightIn = trim.heightIn + 2 * edge;
  return {
    widthIn,
    heightIn,
    widthPt: inchesToPoints(widthIn),
    heightPt: inchesToPoints(heightIn),
    spineIn,
    bleedIn: edge,
    trimWidthIn: trim.widthIn,
    trimHeightIn: trim.heightIn,
    backLeftIn: edge,
    spineLeftIn: edge + trim.widthIn,
    spineRightIn: edge + trim.widthIn + spineIn,
    frontRightIn: edge + 2 * trim.widthIn + spineIn,
    spineTextAllowed: spineTextAllowed(pageCount),
  };
}

/**
 * Hardcover case wraps add board wrap, hinge and board allowances whose exact values must come from KDP's
 * own case-laminate template; the public sources found disagree, so no numbers are invented here.
 */
export class CoverImageRequiredError extends Error {
  constructor() {
    super(exportMessages.coverRequired);
    this.name = 'CoverImageRequiredError';
  }
}

export class HardcoverCoverNotSupportedError extends Error {
  constructor() {
    super(exportMessages.hardcoverCoverUnavailable);
    this.name = 'HardcoverCoverNotSupportedError';
  }
}

/** The cover layout for the print options; hardcover throws HardcoverCoverNotSupportedError. */
export function coverLayout(options: Pick<PrintOptions, 'trimSize' | 'paperColor' | 'isPaperback'>, pageCount: number) {
  if (!options.isPaperback) throw new HardcoverCoverNotSupportedError();
  return paperbackCoverLayout(options.trimSize, pageCount, options.paperColor);
}

/** The front panel the cover image must fill: trim plus bleed on the outer, top and bottom edges. */
export function frontPanelIn(trimSize: TrimSize): { widthIn: number; heightIn: number } {
  const trim = trimSpec(trimSize);
  return { widthIn: trim.widthIn + bleed.edgeIn, heightIn: trim.heightIn + 2 * bleed.edgeIn };
}

/**
 * The resolution a cover image of this many pixels prints at when it covers the front panel (trim plus
 * bleed): the smaller of its two axes' pixels per inch, since the other axis is cropped. KDP wants ≥ 300.
 * `pageCount` is part of the signature because a hardcover's panel would depend on it; paperback's does not.
 */
export function coverEffectiveDpi(
  widthPx: number,
  heightPx: number,
  options: Pick<PrintOptions, 'trimSize'>,
  pageCount: number,
): number {
  void pageCount;
  const panel = frontPanelIn(options.trimSize);
  return Math.min(widthPx / panel.widthIn, heightPx / panel.heightIn);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

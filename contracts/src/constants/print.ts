import { z } from 'zod';

/** KDP trim sizes of spec §9, written as the API expects them; inches. */
export const trimSizes = [
  { value: '5x8', widthIn: 5, heightIn: 8 },
  { value: '5.5x8.5', widthIn: 5.5, heightIn: 8.5 },
  { value: '6x9', widthIn: 6, heightIn: 9 },
  { value: '7x10', widthIn: 7, heightIn: 10 },
  { value: '8.5x11', widthIn: 8.5, heightIn: 11 },
] as const;
export type TrimSize = (typeof trimSizes)[number]['value'];
export const TrimSizeSchema = z.enum(['5x8', '5.5x8.5', '6x9', '7x10', '8.5x11']);
export const defaultTrimSize: TrimSize = '6x9';

export const PaperColorSchema = z.enum(['white', 'cream']);
export type PaperColor = z.infer<typeof PaperColorSchema>;
export const defaultPaperColor: PaperColor = 'white';
export const defaultBleed = false;
export const defaultIsPaperback = true;

/**
 * How many characters of manuscript (documentText's length, as the editor counts them) fill a printed
 * interior page, by trim size. Calibrated against the real interior PDFs of the offline books
 * (tests/api/page-estimate.test.ts counts them with pdfinfo): 125 400 characters print to 78 pages at 6x9
 * (chapter openings and front matter included). Spec §9's 250 words of 5 characters a page said 101.
 */
export const charactersPerPage: Record<TrimSize, number> = {
  '5x8': 1_230,
  '5.5x8.5': 1_390,
  '6x9': 1_610,
  '7x10': 1_610,
  '8.5x11': 2_050,
};

/** KDP's smallest paperback: an estimate never says fewer pages (spec §9). */
export const minimumEstimatedPages = 24;

/**
 * The one page estimate (the editor's "About N pages", the export's count before the PDF is laid out, the
 * writer's completion notice): the printed page count when it is known is better, this is the fallback.
 */
export function estimatePages(characterCount: number, trimSize: TrimSize = defaultTrimSize): number {
  return Math.max(minimumEstimatedPages, estimateTextPages(characterCount, trimSize));
}

/** The estimate without the 24-page floor: what the text alone fills (page limits are checked against it). */
export function estimateTextPages(characterCount: number, trimSize: TrimSize = defaultTrimSize): number {
  return Math.ceil(characterCount / charactersPerPage[trimSize]);
}

/** Spine width of spec §9, inches per page by paper; at least 0.06 inch. */
export const spine = { inchesPerPage: { white: 0.002252, cream: 0.0025 }, minimumIn: 0.06 } as const;

export function spineWidthIn(pages: number, paper: PaperColor): number {
  return Math.max(spine.minimumIn, pages * spine.inchesPerPage[paper]);
}

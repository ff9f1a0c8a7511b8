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
 * How the KDP interior holds the manuscript, by trim size: characters of manuscript (documentText's length,
 * as the editor counts them) on a full body page, and the characters a chapter opener's sunk heading costs.
 * Fitted to the real interior PDFs of the offline writer's book at six lengths in every trim
 * (bench/page-estimate; services/export/src/pdf/page-estimate.test.ts holds each trim to 5%; decision 0053).
 */
export const printCapacity: Record<TrimSize, { charactersPerPage: number; openerCharacters: number }> = {
  '5x8': { charactersPerPage: 1_440, openerCharacters: 0 },
  '5.5x8.5': { charactersPerPage: 1_770, openerCharacters: 500 },
  '6x9': { charactersPerPage: 1_960, openerCharacters: 100 },
  '7x10': { charactersPerPage: 2_410, openerCharacters: 100 },
  '8.5x11': { charactersPerPage: 2_470, openerCharacters: 0 },
};

/** Half-title, its blank verso, title page, copyright page, contents and its verso. */
export const frontMatterPages = 6;

/** KDP's smallest paperback: an estimate never says fewer pages (spec §9). */
export const minimumEstimatedPages = 24;

/**
 * The one page estimate (the editor's "About N pages", the export's count before the PDF is laid out, the
 * writer's completion notice, an import's summary): the printed page count when it is known is better, this
 * is the fallback. It takes each chapter's characters (chapterCharacters of the document) because every
 * chapter opens on a right-hand page: a chapter fills an even number of pages, so a book's count moves in
 * steps of two pages a chapter, which no characters-per-page figure for the whole text can follow.
 */
export function estimatePages(chapterCharacters: readonly number[], trimSize: TrimSize = defaultTrimSize): number {
  return Math.max(minimumEstimatedPages, estimateTextPages(chapterCharacters, trimSize));
}

/** The estimate without the 24-page floor: what the text alone fills (page limits are checked against it). */
export function estimateTextPages(chapterCharacters: readonly number[], trimSize: TrimSize = defaultTrimSize): number {
  const { charactersPerPage, openerCharacters } = printCapacity[trimSize];
  const chapters = chapterCharacters.filter((characters) => characters > 0);
  if (chapters.length === 0) return 0;
  const body = chapters.reduce((pages, characters) => {
    const filled = Math.ceil((characters + openerCharacters) / charactersPerPage);
    return pages + filled + (filled % 2);
  }, 0);
  return frontMatterPages + body;
}

/** Spine width of spec §9, inches per page by paper; at least 0.06 inch. */
export const spine = { inchesPerPage: { white: 0.002252, cream: 0.0025 }, minimumIn: 0.06 } as const;

export function spineWidthIn(pages: number, paper: PaperColor): number {
  return Math.max(spine.minimumIn, pages * spine.inchesPerPage[paper]);
}

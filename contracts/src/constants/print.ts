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

/** Page estimate of spec §9: characters / 5 = words; words / 250 = pages; at least 24 pages. */
export const pageEstimate = { charsPerWord: 5, wordsPerPage: 250, minimumPages: 24 } as const;

export function estimatePages(characterCount: number): number {
  const words = characterCount / pageEstimate.charsPerWord;
  return Math.max(pageEstimate.minimumPages, Math.ceil(words / pageEstimate.wordsPerPage));
}

/** Spine width of spec §9, inches per page by paper; at least 0.06 inch. */
export const spine = { inchesPerPage: { white: 0.002252, cream: 0.0025 }, minimumIn: 0.06 } as const;

export function spineWidthIn(pages: number, paper: PaperColor): number {
  return Math.max(spine.minimumIn, pages * spine.inchesPerPage[paper]);
}

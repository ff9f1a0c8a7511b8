import { z } from 'zod';
import type { CoverDesign } from '@bookwright/ai';
import {
  BookLanguageSchema,
  coverBlobPrefix,
  CoverColorSchemeSchema,
  CoverMoodSchema,
  CoverStyleSchema,
  GenreSchema,
} from '@bookwright/contracts/http';

/**
 * How a cover's title came onto it, which decides whether another title can be set over the same art:
 * - `designed`: the typographic designer drew art and type together; the design (with its seed) draws the
 *   same art under any title.
 * - `typeset`: the title was set over a picture (generated art or an upload) kept as `art.png`.
 * - `none`: the picture is the whole cover (an upload as it was, or art a model lettered itself); its
 *   title, if any, is part of the pixels and cannot be set again.
 */
export const CoverTitleSchema = z.enum(['designed', 'typeset', 'none']);
export type CoverTitle = z.infer<typeof CoverTitleSchema>;

const CoverDesignSchema = z.object({
  title: z.string(),
  subtitle: z.string().nullish(),
  author: z.string().nullish(),
  genre: GenreSchema.nullish(),
  language: BookLanguageSchema.nullish(),
  style: CoverStyleSchema,
  mood: CoverMoodSchema,
  colorScheme: CoverColorSchemeSchema,
  seed: z.string().optional(),
}) satisfies z.ZodType<CoverDesign>;

/** `source.json`, stored beside each cover: what is needed to set its title again over the same art. */
export const CoverSourceSchema = z.object({
  version: z.literal(1),
  title: CoverTitleSchema,
  design: CoverDesignSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type CoverSource = z.infer<typeof CoverSourceSchema>;

/**
 * Blob keys of a cover's art (the picture without its title, PNG) and design source, beside its variants
 * and under the book's prefix, so they go with the book. The gateway never serves them as images: only
 * the variants are cover URLs.
 */
export const coverArtKey = (bookId: string, coverId: string): string => `${coverBlobPrefix(bookId)}/${coverId}/art.png`;
export const coverSourceKey = (bookId: string, coverId: string): string =>
  `${coverBlobPrefix(bookId)}/${coverId}/source.json`;

import { z } from 'zod';
import { subjects } from '../../constants/subjects';
import { uniqueKeywords } from '../../text/keywords';
import { descriptionField } from '../../text/description/description-field';

/** KDP's limits for what the AI suggests (and what the author then saves through PATCH /book/metadata). */
export const metadataSuggestionLimits = {
  descriptionChars: 4_000,
  keywords: 7,
  keywordChars: 50,
  minCategories: 2,
  maxCategories: 3,
  subtitleChars: 300,
} as const;

const limits = metadataSuggestionLimits;

/**
 * POST /book/{id}/metadata/suggest answers `{ data: MetadataSuggestion }`. The description has the shape the
 * metadata form edits (the one sanitiser's allow-list, KDP's limit in visible characters); keywords and
 * categories are checked like typed metadata.
 */
export const MetadataSuggestionSchema = z.object({
  description: descriptionField(limits.descriptionChars).refine((html) => html !== '', 'the description is empty'),
  keywords: z
    .array(z.string().trim().min(1).max(limits.keywordChars))
    .max(limits.keywords)
    // "Leuchtturm" and "leuchtturm" are one keyword, as in the form and the stored metadata.
    .transform(uniqueKeywords),
  categories: z
    .array(z.string().refine((s) => subjects.includes(s), 'not a subject of the product’s list'))
    .min(limits.minCategories)
    .max(limits.maxCategories)
    .refine((c) => new Set(c).size === c.length, 'categories must differ'),
  subtitle: z.string().trim().min(1).max(limits.subtitleChars),
});
export type MetadataSuggestion = z.infer<typeof MetadataSuggestionSchema>;

export const metadataSuggestionMessages = {
  failed: 'Could not suggest metadata. Please try again.',
  notReady: 'Metadata can be suggested once the book has a plan',
} as const;

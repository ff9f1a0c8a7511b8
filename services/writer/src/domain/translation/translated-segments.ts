import { z } from 'zod';

/**
 * A translation call's answer: the segments it was given, translated, in the same order and number.
 * Shared by every provider (the writer checks the count and the inline tags itself).
 */
export const TranslatedSegmentsSchema = z.object({
  segments: z.array(z.string()),
});
export type TranslatedSegments = z.infer<typeof TranslatedSegmentsSchema>;

import { z } from 'zod';

export const ExportResultSchema = z.object({
  /** The file in the blob store (exports are too large for one bus message). Deleted after download. */
  blobKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Suggestions open in the manuscript the file was made from, none of which is in it (printed form). */
  openSuggestions: z.number().int().nonnegative(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

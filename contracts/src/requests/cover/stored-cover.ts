import { z } from 'zod';

export const StoredCoverSchema = z.object({
  coverId: z.string(),
  /** Served by the gateway to the owner only (web size). */
  imageUrl: z.string(),
  /** Blob key of the web-size PNG, for the gateway to answer the generation request with the image itself. */
  previewBlobKey: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredCover = z.infer<typeof StoredCoverSchema>;

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { GenerateCoverRequestSchema } from '../../http/cover/cover';
import { BookSchema } from '../../entities/book/book';
import { defineHealthRequest } from '../health';

const owned = { userId: z.string(), bookId: z.string() };

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

export const coverRequests = {
  health: defineHealthRequest('cover'),
  upload: defineRequest({
    name: 'cover.upload',
    version: 1,
    request: z.object({ ...owned, uploadBlobKey: z.string(), typeset: z.boolean().default(false) }),
    response: StoredCoverSchema,
    description:
      'Decodes an uploaded file (left in the blob store by the gateway) with sharp, strips metadata, stores the print master and web sizes. 400 for anything that is not a usable image.',
  }),
  generate: defineRequest({
    name: 'cover.generate',
    version: 1,
    request: z.object({ ...owned, options: GenerateCoverRequestSchema, requestId: z.string() }),
    response: StoredCoverSchema,
    description:
      'Generates a cover (one from the monthly allowance; 403 when none is left; 429 when rate-limited) and stores it.',
  }),
  apply: defineRequest({
    name: 'cover.apply',
    version: 1,
    request: z.object({ ...owned, coverImage: z.string().nullable() }),
    response: BookSchema,
    description:
      "Sets a book's cover: only a cover this book's owner uploaded or generated for this book, or null to remove it. 400 for any other URL, 404 for someone else's book.",
  }),
} as const;

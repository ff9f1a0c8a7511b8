import { z } from 'zod';
import {
  CoverColorSchemeSchema,
  CoverDimensionsSchema,
  CoverMoodSchema,
  CoverStyleSchema,
} from '../../constants/cover';
import { tooLongMessage } from '../text-fields';

/** POST /book/cover/{id}: spec §3 cover request options; `prompt` carries the additional description. */
export const GenerateCoverRequestSchema = z.object({
  prompt: z.string().trim().max(1_000, tooLongMessage('Additional description', 1_000)).optional().default(''),
  style: CoverStyleSchema.default('realistic'),
  mood: CoverMoodSchema.default('adventure'),
  colorScheme: CoverColorSchemeSchema.default('warm'),
  dimensions: CoverDimensionsSchema.default('1024x1536'),
  /** Typeset the title and author over the image (image models misspell text). */
  typeset: z.boolean().default(true),
});
export type GenerateCoverRequest = z.infer<typeof GenerateCoverRequestSchema>;

export const coverMessages = {
  noImage: 'No image to upload',
  notAnImage: 'The file is not an image we can read. Please upload a PNG, JPG or WebP file.',
  tooLarge: 'The image is larger than 10 MB',
  tooManyPixels: 'The image has too many pixels',
  uploaded: 'Cover uploaded and applied successfully!',
  limitReached: 'You have reached the limit of covers you can generate this month',
} as const;

/** Variants stored for every cover: the full-resolution print master and a web size. */
export const CoverVariantSchema = z.enum(['master', 'web', 'thumb']);
export type CoverVariant = z.infer<typeof CoverVariantSchema>;

/** Where the gateway serves a cover (owner only); coverImage on the book holds the `web` URL. */
export const coverImageUrl = (bookId: string, coverId: string, variant: CoverVariant = 'web'): string =>
  `/api/v1/book/${bookId}/cover-image/${coverId}/${variant}`;

/** Blob key of a cover variant; the one mapping every service uses. */
export const coverBlobKey = (bookId: string, coverId: string, variant: CoverVariant): string =>
  `covers/${bookId}/${coverId}/${variant}`;

/** Reads a coverImage URL of ours back into its parts; null for anything else. */
export function parseCoverImageUrl(url: string): { bookId: string; coverId: string; variant: CoverVariant } | null {
  const match = /^\/api\/v1\/book\/([\w-]+)\/cover-image\/([\w-]+)\/(master|web|thumb)$/.exec(url);
  return match ? { bookId: match[1]!, coverId: match[2]!, variant: match[3] as CoverVariant } : null;
}

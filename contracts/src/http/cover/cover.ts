import { z } from 'zod';
import { imageMessages } from '../image/image';
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
  ...imageMessages,
  uploaded: 'Cover uploaded and applied successfully!',
  limitReached: 'You have reached the limit of covers you can generate this month',
  notThisBooksCover: 'The cover must be one you uploaded or generated for this book',
} as const;

/** Variants stored for every cover: the full-resolution print master and a web size. */
export const CoverVariantSchema = z.enum(['master', 'web', 'thumb']);
export type CoverVariant = z.infer<typeof CoverVariantSchema>;

/** Where the gateway serves a cover (owner only); coverImage on the book holds the `web` URL. */
export const coverImageUrl = (bookId: string, coverId: string, variant: CoverVariant = 'web'): string =>
  `/api/v1/book/${bookId}/cover-image/${coverId}/${variant}`;

/** Blob key of a cover variant; the one mapping every service uses. */
export const coverBlobKey = (bookId: string, coverId: string, variant: CoverVariant): string =>
  `${coverBlobPrefix(bookId)}/${coverId}/${variant}`;

/** Every cover image of a book lives under this prefix. */
export const coverBlobPrefix = (bookId: string): string => `covers/${bookId}`;

/** Reads a coverImage URL of ours back into its parts; null for anything else. */
export function parseCoverImageUrl(url: string): { bookId: string; coverId: string; variant: CoverVariant } | null {
  const match = /^\/api\/v1\/book\/([\w-]+)\/cover-image\/([\w-]+)\/(master|web|thumb)$/.exec(url);
  return match ? { bookId: match[1]!, coverId: match[2]!, variant: match[3] as CoverVariant } : null;
}

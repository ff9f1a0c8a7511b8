import { z } from 'zod';
import { ImagesConfigSchema } from '@bookwright/ai';
import { BaseConfigSchema } from '@bookwright/kit';
import { imageMaxInputPixelsDefault } from '@bookwright/contracts/http';

export const CoverConfigSchema = BaseConfigSchema.extend(ImagesConfigSchema.shape).extend({
  /** Decompression-bomb guard: uploads and generated images with more pixels are refused (default 50 MP). */
  COVER_MAX_INPUT_PIXELS: z.coerce.number().int().min(1_000_000).max(268_402_689).default(imageMaxInputPixelsDefault),
  /** Generations per user per window; spec §9: the rate-limit window is one hour. */
  COVER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  COVER_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(60 * 60 * 1000),
  /** Timeout of requests to the book and billing services. */
  COVER_PEER_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});
export type CoverConfig = z.output<typeof CoverConfigSchema>;

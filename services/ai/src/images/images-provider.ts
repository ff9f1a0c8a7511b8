import type { z } from 'zod';
import type {
  BookLanguage,
  CoverColorSchemeSchema,
  CoverDimensionsSchema,
  CoverMoodSchema,
  CoverStyleSchema,
  Genre,
} from '@bookwright/contracts/http';

export type CoverStyle = z.infer<typeof CoverStyleSchema>;
export type CoverMood = z.infer<typeof CoverMoodSchema>;
export type CoverColorScheme = z.infer<typeof CoverColorSchemeSchema>;
export type CoverDimensions = z.infer<typeof CoverDimensionsSchema>;

/**
 * What a cover is of, in structured form. Image models answer from the prompt; the offline designer
 * composes the cover from this alone (as the offline LLM composes from its task), so both are driven by
 * the same call site and the whole flow runs with no network.
 */
export interface CoverDesign {
  title: string;
  subtitle?: string | null;
  author?: string | null;
  genre?: Genre | null;
  /** For locale-aware letter case (Turkish İ/ı, Lithuanian …). */
  language?: BookLanguage | null;
  style: CoverStyle;
  mood: CoverMood;
  colorScheme: CoverColorScheme;
  /** Varies the composition (shape placement, light, motif details) between generations of one book. */
  seed?: string;
}

export interface ImageRequest {
  /** The full prompt for an image model (already built and delimited by the caller). */
  prompt: string;
  size: CoverDimensions;
  design: CoverDesign;
  signal?: AbortSignal;
  /** Appears in logs. */
  requestId?: string;
}

export interface GeneratedImage {
  /** The encoded image exactly as the provider gave it: untrusted, decode before use. */
  data: Buffer;
  provider: ImagesProviderName;
  model: string;
  /** Whether the title and author are already typeset on the image (the offline designer's always are). */
  typeset: boolean;
}

export type ImagesProviderName = 'openai' | 'replicate' | 'offline';

/** The image-generation port. */
export interface ImagesProvider {
  readonly name: ImagesProviderName;
  readonly model: string;
  generateImage(request: ImageRequest): Promise<GeneratedImage>;
}

/**
 * Why a provider could not give an image, after its retries:
 * - `rejected`: the provider refused the request (content policy, invalid input: a 400/422);
 * - `rate-limited`: the provider keeps answering 429;
 * - `unavailable`: 5xx, timeouts, connection errors, a failed prediction, an unusable answer;
 * - `misconfigured`: our key, model or account is wrong (401, 403, 404): an operator must act.
 */
export type ImagesErrorKind = 'rejected' | 'rate-limited' | 'unavailable' | 'misconfigured';

export class ImagesError extends Error {
  constructor(
    message: string,
    readonly kind: ImagesErrorKind,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ImagesError';
    this.status = options?.status;
  }

  /** The provider's HTTP status, when there was one. */
  readonly status: number | undefined;
}

/** Width and height of one of the spec's dimensions. */
export function dimensionsOf(size: CoverDimensions): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** Aspect ratio for models that take one instead of a size (Replicate's FLUX family). */
export function aspectRatioOf(size: CoverDimensions): '1:1' | '2:3' | '3:2' {
  return size === '1024x1024' ? '1:1' : size === '1024x1536' ? '2:3' : '3:2';
}

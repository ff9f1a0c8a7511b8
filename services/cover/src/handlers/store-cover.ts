import { coverBlobKey, coverImageUrl, CoverVariantSchema, type StoredCover } from '@bookwright/contracts';
import type { CoverVariants } from '../domain/normalise-image';
import type { CoverHandlerDeps } from './deps';

/**
 * Stores the variants of a new cover under `coverBlobKey` and answers where the gateway serves it. All or
 * nothing: when a write fails, the variants already written are deleted again.
 */
export async function storeCover(
  deps: CoverHandlerDeps,
  bookId: string,
  variants: CoverVariants,
): Promise<StoredCover> {
  const coverId = deps.newId();
  const written: string[] = [];
  try {
    for (const variant of CoverVariantSchema.options) {
      const key = coverBlobKey(bookId, coverId, variant);
      await deps.blobs.put(key, variants[variant].data, { contentType: variants[variant].contentType });
      written.push(key);
    }
  } catch (error) {
    await Promise.all(written.map((key) => deps.blobs.delete(key).catch(() => undefined)));
    throw error;
  }
  return storedCover(bookId, coverId, variants.master);
}

/** The answer for a cover already stored; width and height are the print master's. */
export function storedCover(bookId: string, coverId: string, master: { width: number; height: number }): StoredCover {
  return {
    coverId,
    imageUrl: coverImageUrl(bookId, coverId, 'web'),
    previewBlobKey: coverBlobKey(bookId, coverId, 'web'),
    width: master.width,
    height: master.height,
  };
}

import { coverBlobKey, coverImageUrl, CoverVariantSchema } from '@bookwright/contracts/http';
import { type StoredCover } from '@bookwright/contracts/bus';
import { keepIfBookExists } from '@bookwright/kit';
import { coverArtKey, coverSourceKey, type CoverSource } from './cover-source';
import type { NormalisedCover } from './normalise-image';
import type { CoverHandlerDeps } from '../handlers/deps';

/**
 * Stores a new cover: its variants under `coverBlobKey`, and beside them its art and design source (so
 * that its title can be set again, for a translation). Answers where the gateway serves it. All or
 * nothing: when a write fails, or the book is gone once it is written (404), what was written is deleted
 * again. The source and art go first, so that a cover URL never names a cover without them. `coverId` is
 * new unless the caller names one (a translation's cover is named after the original's, so that a
 * redelivery writes the same cover).
 */
export async function storeCover(
  deps: CoverHandlerDeps,
  bookId: string,
  cover: NormalisedCover & { source: CoverSource },
  coverId: string = deps.newId(),
): Promise<StoredCover> {
  const { variants } = cover;
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    await deps.blobs.put(key, data, { contentType });
    written.push(key);
  };
  const removeWritten = () => Promise.all(written.map((key) => deps.blobs.delete(key).catch(() => undefined)));
  try {
    await put(coverSourceKey(bookId, coverId), Buffer.from(JSON.stringify(cover.source)), 'application/json');
    await put(coverArtKey(bookId, coverId), cover.art, 'image/png');
    for (const variant of CoverVariantSchema.options) {
      await put(coverBlobKey(bookId, coverId, variant), variants[variant].data, variants[variant].contentType);
    }
  } catch (error) {
    await removeWritten();
    throw error;
  }
  // A cover takes seconds to make, and its book may have been deleted meanwhile.
  await keepIfBookExists(deps.bus, bookId, removeWritten, { timeoutMs: deps.config.COVER_PEER_TIMEOUT_MS });
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

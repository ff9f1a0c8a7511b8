import type { z } from 'zod';
import { typesetOverImage } from '@bookwright/cover-designer';
import { AppError, coverMessages, coverUploadMaxBytes } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import { designFor } from '../domain/design';
import { normaliseImage } from '../domain/normalise-image';
import type { CoverHandlerDeps } from './deps';
import { storeCover } from '../domain/store-cover';

type UploadRequest = z.output<(typeof requests.cover.upload)['request']>;

/** Where the gateway leaves uploads; anything else is not an upload of the gateway's. */
const uploadKey = /^uploads\/[A-Za-z0-9._-]+$/;

/**
 * An uploaded file becomes a cover when it decodes as a PNG, JPEG or WebP within the limits; the upload
 * itself is deleted whatever happens. 404 for someone else's book, 400 for anything that is not a usable
 * image (and then nothing is stored).
 */
export function uploadCover(deps: CoverHandlerDeps) {
  return async ({ userId, bookId, uploadBlobKey, typeset }: UploadRequest, context: RequestContext) => {
    try {
      const book = await deps.bus.request(
        requests.book.get,
        { userId, bookId, action: 'manage' },
        { timeoutMs: deps.config.COVER_PEER_TIMEOUT_MS, requestId: context.requestId },
      );
      if (!uploadKey.test(uploadBlobKey)) throw new AppError(400, coverMessages.noImage);
      const upload = await deps.blobs.get(uploadBlobKey);
      if (!upload) throw new AppError(400, coverMessages.noImage);
      const design = designFor(book);
      const cover = await normaliseImage(upload.data, {
        maxBytes: coverUploadMaxBytes,
        maxPixels: deps.config.COVER_MAX_INPUT_PIXELS,
        ...(typeset ? { overlay: async (png: Buffer) => (await typesetOverImage(png, design)).png } : {}),
      });
      const { width, height } = cover.variants.master;
      const stored = await storeCover(deps, bookId, {
        ...cover,
        source: { version: 1, title: typeset ? 'typeset' : 'none', design, width, height },
      });
      context.logger.info(
        { bookId, coverId: stored.coverId, width: stored.width, height: stored.height },
        'cover uploaded',
      );
      return stored;
    } finally {
      if (uploadKey.test(uploadBlobKey)) {
        await deps.blobs.delete(uploadBlobKey).catch((error: unknown) => {
          context.logger.warn({ err: error, uploadBlobKey }, 'could not delete the upload');
        });
      }
    }
  };
}

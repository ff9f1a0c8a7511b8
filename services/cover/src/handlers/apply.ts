import type { z } from 'zod';
import { AppError, coverBlobKey, coverMessages, parseCoverImageUrl } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { CoverHandlerDeps } from './deps';

type ApplyRequest = z.output<(typeof requests.cover.apply)['request']>;

/**
 * Applies a cover to a book. The cover service stored every cover it made under its book's key, so a
 * URL is accepted only when it names a cover stored for this very book; any other URL (someone else's
 * cover, another book's, a link elsewhere) is refused before the book is touched. The book service then
 * checks the book is the caller's (404 otherwise, also for a refused URL) and stores the URL.
 */
export function applyCover(deps: CoverHandlerDeps) {
  return async ({ userId, bookId, coverImage }: ApplyRequest, context: RequestContext) => {
    const options = { timeoutMs: deps.config.COVER_PEER_TIMEOUT_MS, requestId: context.requestId };
    if (coverImage !== null) {
      const cover = parseCoverImageUrl(coverImage);
      const stored =
        cover !== null &&
        cover.bookId === bookId &&
        (await deps.blobs.stat(coverBlobKey(bookId, cover.coverId, cover.variant))) !== null;
      if (!stored) {
        // Someone else's book stays as absent as an unknown one: 404 before any word about the cover.
        await deps.bus.request(requests.book.get, { userId, bookId, action: 'manage' }, options);
        throw new AppError(400, coverMessages.notThisBooksCover);
      }
    }
    return deps.bus.request(requests.book.setCover, { userId, bookId, coverImage }, options);
  };
}

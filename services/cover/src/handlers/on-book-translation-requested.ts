import type { z } from 'zod';
import { AppError, parseCoverImageUrl, type Book } from '@bookwright/contracts/http';
import { type events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import type { EventMeta } from '@bookwright/kit';
import { renderTypographicCover, typesetOverImage } from '@bookwright/cover-designer';
import { coverArtKey, coverSourceKey, CoverSourceSchema, type CoverSource } from '../domain/cover-source';
import { normaliseImage } from '../domain/normalise-image';
import type { CoverHandlerDeps } from './deps';
import { storeCover } from '../domain/store-cover';

/** Our own art, re-read: as large as a generated image may be. */
const artMaxBytes = 40 * 1024 * 1024;

/**
 * `book.translation-requested`: the translation gets the original's cover, the same art with its own title
 * (and language, for letter case) set again over it, stored under the translation and set on it. Nothing
 * happens when the original has no cover, when its title cannot be set again (an upload kept as it was, a
 * model's own lettering, a cover from before covers kept their source), when the translation has a cover
 * already (a redelivery, a retry, or the author's own choice), or when either book is gone.
 */
export function onBookTranslationRequested(deps: CoverHandlerDeps) {
  return async (
    { bookId, userId, sourceBookId }: z.output<(typeof events.bookTranslationRequested)['schema']>,
    meta: EventMeta,
  ) => {
    const peer = {
      timeoutMs: deps.config.COVER_PEER_TIMEOUT_MS,
      ...(meta.correlationId ? { requestId: meta.correlationId } : {}),
    };
    const get = async (id: string): Promise<Book | undefined> => {
      try {
        return await deps.bus.request(requests.book.get, { userId, bookId: id }, peer);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return undefined;
        throw error;
      }
    };
    const translation = await get(bookId);
    if (!translation || translation.coverImage) return;
    const original = await get(sourceBookId);
    const cover = original?.coverImage ? parseCoverImageUrl(original.coverImage) : null;
    if (!cover || cover.bookId !== sourceBookId) return;

    const [sourceBlob, artBlob] = await Promise.all([
      deps.blobs.get(coverSourceKey(sourceBookId, cover.coverId)),
      deps.blobs.get(coverArtKey(sourceBookId, cover.coverId)),
    ]);
    const parsed = sourceBlob ? CoverSourceSchema.safeParse(JSON.parse(sourceBlob.data.toString('utf8'))) : undefined;
    if (!parsed?.success || !artBlob || parsed.data.title === 'none') {
      meta.logger.info({ bookId, sourceBookId, coverId: cover.coverId }, "the original's cover cannot be titled again");
      return;
    }
    const source = retitled(parsed.data, translation);
    const titled = await normaliseImage(
      source.title === 'designed'
        ? (await renderTypographicCover(source.design, source.width, source.height)).png
        : artBlob.data,
      {
        maxBytes: artMaxBytes,
        maxPixels: deps.config.COVER_MAX_INPUT_PIXELS,
        ...(source.title === 'typeset'
          ? { overlay: async (png: Buffer) => (await typesetOverImage(png, source.design)).png }
          : {}),
      },
    );
    const stored = await storeCover(deps, bookId, { ...titled, art: artBlob.data, source }, cover.coverId);
    await deps.bus.request(requests.book.setCover, { userId, bookId, coverImage: stored.imageUrl }, peer);
    meta.logger.info({ bookId, sourceBookId, coverId: stored.coverId }, "translation's cover set");
  };
}

/** The original's design source with the translation's title, subtitle, author and language. */
export function retitled(
  source: CoverSource,
  book: Pick<Book, 'title' | 'subtitle' | 'author' | 'language'>,
): CoverSource {
  return {
    ...source,
    design: {
      ...source.design,
      title: book.title,
      subtitle: book.subtitle,
      author: book.author,
      language: book.language,
    },
  };
}

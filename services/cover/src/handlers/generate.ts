import type { z } from 'zod';
import { ImagesError, type CoverDesign, type GeneratedImage } from '@bookwright/ai';
import { renderCoverArt, typesetOverImage } from '@bookwright/cover-designer';
import { AppError } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import { buildCoverPrompt } from '../domain/cover-prompt';
import { designFor } from '../domain/design';
import { generationMessages } from '../domain/messages';
import { normaliseImage, type NormalisedCover } from '../domain/normalise-image';
import type { CoverSource } from '../domain/cover-source';
import { generationsRepository } from '../repositories/generations.repository';
import type { CoverHandlerDeps } from './deps';
import { storeCover, storedCover } from '../domain/store-cover';

type GenerateRequest = z.output<(typeof requests.cover.generate)['request']>;

/** A generated image may be larger than an upload (a lossless PNG from a model); the pixel limit still holds. */
const generatedMaxBytes = 40 * 1024 * 1024;

/**
 * Generates a cover: the book must be the user's (404), the user within the rate limit (429) and with a
 * cover left this month (403, billing's text); the image comes from the configured provider, is decoded and
 * normalised like an upload, typeset when asked, and stored. A generation that fails gives the allowance
 * back. The same request id answers the same cover again without generating or charging twice.
 */
export function generateCover(deps: CoverHandlerDeps) {
  return async ({ userId, bookId, options, requestId }: GenerateRequest, context: RequestContext) => {
    const peer = { timeoutMs: deps.config.COVER_PEER_TIMEOUT_MS, requestId: context.requestId };
    // The access module decides; the cover is charged to the book's owner, whoever of its people asks.
    const { ownerId } = await deps.bus.request(requests.book.access, { userId, bookId, action: 'manage' }, peer);
    const book = await deps.bus.request(requests.book.get, { userId, bookId, action: 'manage' }, peer);

    const reserved = await reserve(deps, { requestId, userId, bookId });
    if (reserved) return reserved;

    const allowanceKey = `cover:${requestId}`;
    try {
      await deps.bus.request(
        requests.billing.consumeAllowance,
        { userId: ownerId, kind: 'cover', key: allowanceKey, ...(userId === ownerId ? {} : { spentBy: userId }) },
        peer,
      );
    } catch (error) {
      // Refused (403) or billing unreachable: nothing was generated, so nothing counts against the limit.
      await generationsRepository.remove(deps.db, requestId);
      throw error;
    }

    try {
      const design = designFor(book, options, requestId);
      const image = await deps.images.generateImage({
        prompt: buildCoverPrompt(book, options),
        size: options.dimensions,
        design,
        requestId,
      });
      const cover = await normaliseGenerated(deps, image, options.typeset ? designFor(book, options) : undefined);
      const stored = await storeCover(deps, bookId, await withSource(cover, image, design, options.typeset));
      await generationsRepository.complete(deps.db, requestId, { ...stored, provider: image.provider });
      context.logger.info(
        { bookId, coverId: stored.coverId, provider: image.provider, model: image.model, style: options.style },
        'cover generated',
      );
      return stored;
    } catch (error) {
      await generationsRepository
        .fail(deps.db, requestId)
        .catch((e: unknown) => context.logger.warn({ err: e }, 'could not mark the generation failed'));
      await deps.bus
        .request(requests.billing.refundAllowance, { userId: ownerId, kind: 'cover', key: allowanceKey }, peer)
        .catch((e: unknown) =>
          context.logger.error({ err: e, userId, allowanceKey }, 'could not refund a failed cover generation'),
        );
      const answer = toAppError(error);
      context.logger[answer.status >= 500 ? 'error' : 'warn'](
        { err: error, bookId, status: answer.status },
        'cover generation failed',
      );
      throw answer;
    }
  };
}

/** Takes a rate-limit slot for the request, or answers the cover a repeated request id already made. */
async function reserve(
  deps: CoverHandlerDeps,
  generation: { requestId: string; userId: string; bookId: string },
): Promise<ReturnType<typeof storedCover> | undefined> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const now = deps.now();
    const result = await generationsRepository.reserve(deps.db, {
      ...generation,
      now,
      since: new Date(now.getTime() - deps.config.COVER_RATE_WINDOW_MS),
      limit: deps.config.COVER_RATE_LIMIT,
    });
    if (result.kind === 'reserved') return undefined;
    if (result.kind === 'rate-limited') throw new AppError(429, generationMessages.rateLimited);
    const row = result.row;
    if (row.user_id !== generation.userId || row.book_id !== generation.bookId) {
      throw new AppError(409, 'This request id belongs to another cover');
    }
    if (row.status === 'done' && row.cover_id && row.width && row.height) {
      return storedCover(row.book_id, row.cover_id, { width: row.width, height: row.height });
    }
    if (row.status === 'running') throw new AppError(409, generationMessages.inProgress);
    // A failed attempt under this id: try again as new.
    await generationsRepository.remove(deps.db, generation.requestId);
  }
  throw new AppError(409, generationMessages.inProgress);
}

/**
 * What is kept to set the cover's title again: the designer's own covers are drawn again from their design
 * (its seed keeps the art), so their art is drawn without type; a picture typeset here keeps the picture;
 * anything else (a model's own lettering) is a whole cover whose title stays in its pixels.
 */
async function withSource(
  cover: NormalisedCover,
  image: GeneratedImage,
  design: CoverDesign,
  typeset: boolean,
): Promise<NormalisedCover & { source: CoverSource }> {
  const { width, height } = cover.variants.master;
  if (image.typeset && image.provider === 'offline') {
    return {
      ...cover,
      art: await renderCoverArt(design, width, height),
      source: { version: 1, title: 'designed', design, width, height },
    };
  }
  const { seed: _seed, ...typesetDesign } = design;
  return {
    ...cover,
    source: { version: 1, title: typeset && !image.typeset ? 'typeset' : 'none', design: typesetDesign, width, height },
  };
}

/** Decodes the provider's answer like an upload (it is untrusted bytes too) and typesets it when asked. */
async function normaliseGenerated(
  deps: CoverHandlerDeps,
  image: GeneratedImage,
  typeset: ReturnType<typeof designFor> | undefined,
) {
  try {
    return await normaliseImage(image.data, {
      maxBytes: generatedMaxBytes,
      maxPixels: deps.config.COVER_MAX_INPUT_PIXELS,
      ...(typeset && !image.typeset
        ? { overlay: async (png: Buffer) => (await typesetOverImage(png, typeset)).png }
        : {}),
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      throw new ImagesError(
        `the ${image.provider} provider answered an unusable image: ${error.message}`,
        'unavailable',
        { cause: error },
      );
    }
    throw error;
  }
}

/** Provider failures in the spec's terms (§8 cover generation toasts). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ImagesError) {
    switch (error.kind) {
      case 'rejected':
        return new AppError(400, generationMessages.invalidRequest, { cause: error });
      case 'rate-limited':
        return new AppError(429, generationMessages.rateLimited, { cause: error });
      case 'unavailable':
        return new AppError(502, generationMessages.providerUnavailable, { cause: error });
      case 'misconfigured':
        return new AppError(500, generationMessages.serverError, { cause: error });
    }
  }
  return new AppError(500, generationMessages.serverError, { cause: error });
}

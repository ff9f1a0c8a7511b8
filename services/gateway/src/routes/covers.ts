import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  BookParamsSchema,
  apiMessages,
  coverBlobKey,
  coverMessages,
  CoverVariantSchema,
  GenerateCoverRequestSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { uploadedImage } from '../http/image-part';
import { sendOwnedImage } from '../http/owned-image';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

/** A real image model takes 10–60 s; the cover service's own provider timeout is 180 s. */
const generationTimeoutMs = 200_000;

const uploadCoverSchema = {
  operationId: 'uploadCover',
  tags: ['covers'],
  summary: 'Upload a cover image (multipart field "image", PNG/JPG/WebP up to 10 MB)',
  params: BookParamsSchema,
  consumes: ['multipart/form-data'],
};

const generateCoverSchema = {
  operationId: 'generateCover',
  tags: ['covers'],
  summary: 'Generate a cover (one from the monthly allowance); answers the image',
  produces: ['image/png', 'image/jpeg', 'image/webp'],
  params: BookParamsSchema,
  body: GenerateCoverRequestSchema,
};

const getCoverImageSchema = {
  operationId: 'getCoverImage',
  tags: ['covers'],
  summary: "A cover image of one of the user's books",
  produces: ['image/png', 'image/jpeg', 'image/webp'],
  params: z.object({
    bookId: BookParamsSchema.shape.bookId,
    coverId: z.string().regex(/^[\w-]{1,100}$/),
    variant: CoverVariantSchema,
  }),
};

/**
 * POST /book/upload-cover/{id} (multipart `image`), POST /book/cover/{id} (answers the generated image),
 * GET /book/{id}/cover-image/{coverId}/{variant} (owner only, from the blob store).
 */
export function coverRoutes(deps: RouteDeps) {
  const { ask, blobs } = deps;
  const { signedIn } = routePresets(deps);

  async function uploadCover(request: RouteRequest<typeof uploadCoverSchema>) {
    const bytes = await uploadedImage(request, 'image', coverMessages);
    // The bytes travel to the cover service through the blob store, never as one bus message.
    const uploadBlobKey = `uploads/${randomUUID()}`;
    await blobs.put(uploadBlobKey, bytes, { contentType: 'application/octet-stream' });
    const stored = await ask(
      request,
      requests.cover.upload,
      { userId: request.userId, bookId: request.params.bookId, uploadBlobKey, typeset: false },
      { timeoutMs: generationTimeoutMs },
    );
    return { imageUrl: stored.imageUrl };
  }

  async function generateCover(
    request: RouteRequest<typeof generateCoverSchema>,
    reply: RouteReply<typeof generateCoverSchema>,
  ) {
    const stored = await ask(
      request,
      requests.cover.generate,
      { userId: request.userId, bookId: request.params.bookId, options: request.body, requestId: request.id },
      { timeoutMs: generationTimeoutMs },
    );
    const image = await blobs.get(stored.previewBlobKey);
    if (!image) throw new AppError(500, 'The generated cover went missing');
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'no-store')
      .header('x-cover-id', stored.coverId)
      .header('x-image-url', stored.imageUrl)
      .send(image.data);
  }

  async function getCoverImage(
    request: RouteRequest<typeof getCoverImageSchema>,
    reply: RouteReply<typeof getCoverImageSchema>,
  ) {
    const { bookId, coverId, variant } = request.params;
    // The access module first: the cover of a book one has no role on is as absent as an unknown one. A book
    // in its owner's trash keeps its cover for them: the trash view shows it.
    await ask(request, requests.book.access, { userId: request.userId, bookId, action: 'read', inTrash: true });
    const image = await blobs.get(coverBlobKey(bookId, coverId, variant));
    if (!image) throw new AppError(404, apiMessages.notFound);
    return sendOwnedImage(request, reply, image);
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/book/upload-cover/:bookId', { schema: uploadCoverSchema, ...signedIn }, uploadCover);
    // Rate-limited by the cover service alone (COVER_RATE_LIMIT, decision 0032), not by a gateway preset.
    app.post('/book/cover/:bookId', { schema: generateCoverSchema, ...signedIn }, generateCover);
    app.get('/book/:bookId/cover-image/:coverId/:variant', { schema: getCoverImageSchema, ...signedIn }, getCoverImage);
  };
}

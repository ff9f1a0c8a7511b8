import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  apiMessages,
  BookImageIdSchema,
  BookParamsSchema,
  bookImageBlobKey,
  imageMessages,
  StoredBookImageSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { uploadedImage } from '../http/image-part';
import { sendOwnedImage } from '../http/owned-image';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const getBookImageSchema = {
  operationId: 'getBookImage',
  tags: ['books'],
  summary: "An image inside a book's chapters (PNG or JPEG), for anyone who may read the book",
  produces: ['image/png', 'image/jpeg'],
  params: z.object({ bookId: BookParamsSchema.shape.bookId, imageId: BookImageIdSchema }),
};

const uploadBookImageSchema = {
  operationId: 'uploadBookImage',
  tags: ['books'],
  summary:
    'Add an image for a chapter (multipart field "file", PNG/JPG/WebP up to 10 MB), for whoever may edit the text; answers the src of the image node to insert',
  consumes: ['multipart/form-data'],
  params: BookParamsSchema,
  multipartForm: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary' } },
  },
  response: { 201: StoredBookImageSchema },
};

/** GET /book/{id}/images/{imageId}: the image an `image` node of the manuscript names, from the blob store. */
export function bookImageRoutes(deps: RouteDeps) {
  const { ask, blobs } = deps;
  const { signedIn } = routePresets(deps);

  async function getBookImage(
    request: RouteRequest<typeof getBookImageSchema>,
    reply: RouteReply<typeof getBookImageSchema>,
  ) {
    const { bookId, imageId } = request.params;
    // The access module first: an image of a book one may not read is as absent as an unknown one.
    await ask(request, requests.book.access, { userId: request.userId, bookId, action: 'read' });
    const image = await blobs.get(bookImageBlobKey(bookId, imageId));
    if (!image) throw new AppError(404, apiMessages.notFound);
    return sendOwnedImage(request, reply, image);
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book/:bookId/images/:imageId', { schema: getBookImageSchema, ...signedIn }, getBookImage);
  };
}

/**
 * POST /book/{id}/images (multipart `file`): an image the author inserts from the editor. The bytes reach
 * the book service through the blob store (never as one bus message), which checks who may edit, decodes
 * and stores them; the upload is removed whatever happens. Registered where multipart forms are read, under
 * the 10 MB of every image upload.
 */
export function bookImageUploadRoutes(deps: RouteDeps) {
  const { ask, blobs } = deps;
  const { signedIn } = routePresets(deps);

  async function uploadBookImage(
    request: RouteRequest<typeof uploadBookImageSchema>,
    reply: RouteReply<typeof uploadBookImageSchema>,
  ) {
    const bytes = await uploadedImage(request, 'file', imageMessages);
    const uploadBlobKey = `uploads/${randomUUID()}`;
    try {
      await blobs.put(uploadBlobKey, bytes, { contentType: 'application/octet-stream' });
      const stored = await ask(request, requests.book.storeImage, {
        userId: request.userId,
        bookId: request.params.bookId,
        uploadBlobKey,
      });
      return reply.code(201).send(stored);
    } finally {
      await blobs.delete(uploadBlobKey).catch(() => undefined);
    }
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/book/:bookId/images', { schema: uploadBookImageSchema, ...signedIn }, uploadBookImage);
  };
}

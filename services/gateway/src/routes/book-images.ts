import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  apiMessages,
  BookImageIdSchema,
  BookParamsSchema,
  bookImageBlobKey,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookParamsSchema, MessageSchema, trashMessages, TrashedBookSchema } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { withinTokenWorkspace } from '../security/workspace-token-fence';
import type { RouteDeps, RouteRequest } from './route-deps';

const listTrashSchema = {
  operationId: 'listTrash',
  tags: ['books'],
  summary: "The signed-in user's books in the trash, most recently trashed first, with deletedAt and purgeAt",
  response: { 200: z.array(TrashedBookSchema) },
};

const trashBookSchema = {
  operationId: 'trashBook',
  tags: ['books'],
  summary: 'Move a book to the trash (any status: planning, writing or translating stops there)',
  params: BookParamsSchema,
  response: { 200: MessageSchema },
};

const restoreBookSchema = {
  operationId: 'restoreBook',
  tags: ['books'],
  summary: 'Take a book out of the trash, as it was',
  params: BookParamsSchema,
  response: { 200: MessageSchema },
};

const deleteBookForeverSchema = {
  operationId: 'deleteBookForever',
  tags: ['books'],
  summary: 'Delete a book in the trash for good, with everything every service holds of it',
  params: BookParamsSchema,
  response: { 200: MessageSchema },
};

type OwnedBookRequest = RouteRequest<{ params: typeof BookParamsSchema }>;

/**
 * The trash: DELETE /book/{id}, GET /book/trash, POST /book/{id}/restore, DELETE /book/{id}/permanent.
 * `/book/trash` is a static path, which the router always prefers to `/book/:bookId`, so it never reads
 * "trash" as a book id. A book in the trash answers 404 on every other book route. The library read model
 * forgets the user's list on the answer (own-writes.ts) and on the events (book.trashed, book.restored,
 * book.deleted) for the other replicas.
 */
export function trashRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn } = routePresets(deps);
  const owned = (request: OwnedBookRequest) => ({ userId: request.userId, bookId: request.params.bookId });

  async function listTrash(request: RouteRequest<typeof listTrashSchema>) {
    return withinTokenWorkspace(
      request,
      (await ask(request, requests.book.listTrash, { userId: request.userId })).books,
    );
  }

  async function trashBook(request: OwnedBookRequest) {
    await ask(request, requests.book.trash, owned(request));
    return { msg: trashMessages.trashed };
  }

  async function restoreBook(request: OwnedBookRequest) {
    await ask(request, requests.book.restore, owned(request));
    return { msg: trashMessages.restored };
  }

  async function deleteBookForever(request: OwnedBookRequest) {
    await ask(request, requests.book.deleteForever, owned(request));
    return { msg: trashMessages.deletedForever };
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book/trash', { schema: listTrashSchema, ...signedIn }, listTrash);
    app.delete('/book/:bookId', { schema: trashBookSchema, ...signedIn }, trashBook);
    app.post('/book/:bookId/restore', { schema: restoreBookSchema, ...signedIn }, restoreBook);
    app.delete('/book/:bookId/permanent', { schema: deleteBookForeverSchema, ...signedIn }, deleteBookForever);
  };
}

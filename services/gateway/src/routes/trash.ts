import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookParamsSchema, MessageSchema, requests, trashMessages, TrashedBookSchema } from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';

/**
 * The trash: DELETE /book/{id}, GET /book/trash, POST /book/{id}/restore, DELETE /book/{id}/permanent.
 * `/book/trash` is a static path, which the router always prefers to `/book/:bookId`, so it never reads
 * "trash" as a book id. A book in the trash answers 404 on every other book route. The library read model
 * forgets the user's list on the answer (own-writes.ts) and on the events (book.trashed, book.restored,
 * book.deleted) for the other replicas.
 */
export function trashRoutes(deps: RouteDeps) {
  const { ask, sessions } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', sessions.requireSession);
    const owned = (request: { userId: string; params: { bookId: string } }) => ({
      userId: request.userId,
      bookId: request.params.bookId,
    });

    app.get(
      '/book/trash',
      {
        schema: {
          operationId: 'listTrash',
          tags: ['books'],
          summary: "The signed-in user's books in the trash, most recently trashed first, with deletedAt and purgeAt",
          response: { 200: z.array(TrashedBookSchema) },
        },
      },
      async (request) => (await ask(request, requests.book.listTrash, { userId: request.userId })).books,
    );

    app.delete(
      '/book/:bookId',
      {
        schema: {
          operationId: 'trashBook',
          tags: ['books'],
          summary: 'Move a book to the trash (any status: planning, writing or translating stops there)',
          params: BookParamsSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => {
        await ask(request, requests.book.trash, owned(request));
        return { msg: trashMessages.trashed };
      },
    );

    app.post(
      '/book/:bookId/restore',
      {
        schema: {
          operationId: 'restoreBook',
          tags: ['books'],
          summary: 'Take a book out of the trash, as it was',
          params: BookParamsSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => {
        await ask(request, requests.book.restore, owned(request));
        return { msg: trashMessages.restored };
      },
    );

    app.delete(
      '/book/:bookId/permanent',
      {
        schema: {
          operationId: 'deleteBookForever',
          tags: ['books'],
          summary: 'Delete a book in the trash for good, with everything every service holds of it',
          params: BookParamsSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => {
        await ask(request, requests.book.deleteForever, owned(request));
        return { msg: trashMessages.deletedForever };
      },
    );
  };
}

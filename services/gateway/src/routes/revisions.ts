import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookSchema, requests, RevisionSchema, RevisionSummarySchema } from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';

const BookParamsSchema = z.object({ bookId: z.string().min(1).max(100) });
const RevisionParamsSchema = BookParamsSchema.extend({ revisionId: z.string().min(1).max(100) });

/** GET /book/{id}/revisions, GET /book/{id}/revisions/{revisionId}, POST …/{revisionId}/restore. */
export function revisionRoutes(deps: RouteDeps) {
  const { bus, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', sessions.requireSession);
    const owner = (request: { session: { userId: string } | null }) => request.session!.userId;

    app.get(
      '/book/:bookId/revisions',
      {
        schema: {
          tags: ['books'],
          summary: 'The manuscript’s saved revisions, newest first',
          params: BookParamsSchema,
          response: { 200: z.array(RevisionSummarySchema) },
        },
      },
      async (request) => {
        const { revisions } = await bus.request(
          requests.book.listRevisions,
          { userId: owner(request), bookId: request.params.bookId },
          { requestId: request.id, timeoutMs },
        );
        return revisions;
      },
    );

    app.get(
      '/book/:bookId/revisions/:revisionId',
      {
        schema: {
          tags: ['books'],
          summary: 'One revision with its text (tiptap JSON)',
          params: RevisionParamsSchema,
          response: { 200: RevisionSchema },
        },
      },
      async (request) =>
        bus.request(
          requests.book.getRevision,
          { userId: owner(request), ...request.params },
          { requestId: request.id, timeoutMs },
        ),
    );

    app.post(
      '/book/:bookId/revisions/:revisionId/restore',
      {
        schema: {
          tags: ['books'],
          summary: 'Make a revision the manuscript again (itself a new revision, so it can be undone)',
          params: RevisionParamsSchema,
          response: { 200: BookSchema },
        },
      },
      async (request) =>
        bus.request(
          requests.book.restoreRevision,
          { userId: owner(request), ...request.params },
          { requestId: request.id, timeoutMs },
        ),
    );
  };
}

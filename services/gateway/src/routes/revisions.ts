import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookSchema,
  requests,
  RevisionSchema,
  RevisionSummarySchema,
  SaveRevisionRequestSchema,
} from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';
import { EncodedDocumentSchema } from './books';

const BookParamsSchema = z.object({ bookId: z.string().min(1).max(100) });
const RevisionParamsSchema = BookParamsSchema.extend({ revisionId: z.string().min(1).max(100) });

/** The text of another tab is checked for unsafe text like a manuscript save. */
const SaveRevisionBodySchema = SaveRevisionRequestSchema.extend({ bookContent: EncodedDocumentSchema.optional() });

/**
 * GET /book/{id}/revisions, POST /book/{id}/revisions, GET /book/{id}/revisions/{revisionId},
 * POST …/{revisionId}/restore.
 */
export function revisionRoutes(deps: RouteDeps) {
  const { ask, sessions } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', sessions.requireSession);
    const owner = (request: { userId: string }) => request.userId;

    app.get(
      '/book/:bookId/revisions',
      {
        schema: {
          operationId: 'listRevisions',
          tags: ['books'],
          summary: 'The manuscript’s saved revisions, newest first',
          params: BookParamsSchema,
          response: { 200: z.array(RevisionSummarySchema) },
        },
      },
      async (request) => {
        const { revisions } = await ask(request, requests.book.listRevisions, {
          userId: owner(request),
          bookId: request.params.bookId,
        });
        return revisions;
      },
    );

    app.post(
      '/book/:bookId/revisions',
      {
        bodyLimit: 25 * 1024 * 1024,
        schema: {
          operationId: 'saveRevision',
          tags: ['books'],
          summary:
            'Save a version for good, with an optional name: the current manuscript, or the bookContent sent (the manuscript is then left as it is)',
          params: BookParamsSchema,
          body: SaveRevisionBodySchema,
          response: { 201: RevisionSchema },
        },
      },
      async (request, reply) => {
        const revision = await ask(request, requests.book.saveRevision, {
          userId: owner(request),
          bookId: request.params.bookId,
          ...request.body,
        });
        return reply.status(201).send(revision);
      },
    );

    app.get(
      '/book/:bookId/revisions/:revisionId',
      {
        schema: {
          operationId: 'getRevision',
          tags: ['books'],
          summary: 'One revision with its text (tiptap JSON)',
          params: RevisionParamsSchema,
          response: { 200: RevisionSchema },
        },
      },
      async (request) => ask(request, requests.book.getRevision, { userId: owner(request), ...request.params }),
    );

    app.post(
      '/book/:bookId/revisions/:revisionId/restore',
      {
        schema: {
          operationId: 'restoreRevision',
          tags: ['books'],
          summary:
            'Make a revision the manuscript again (the manuscript it replaces is kept as a revision first, so it can be undone)',
          params: RevisionParamsSchema,
          response: { 200: BookSchema },
        },
      },
      async (request) => ask(request, requests.book.restoreRevision, { userId: owner(request), ...request.params }),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookParamsSchema,
  BookSchema,
  RevisionSchema,
  RevisionSummarySchema,
  SaveRevisionRequestSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { EncodedDocumentSchema } from './books';

const RevisionParamsSchema = BookParamsSchema.extend({
  revisionId: z
    .string()
    .min(1, 'The version id is missing')
    .max(100, 'The version id is too long (at most 100 characters)'),
});

/** The text of another tab is checked for unsafe text like a manuscript save. */
const SaveRevisionBodySchema = SaveRevisionRequestSchema.extend({ bookContent: EncodedDocumentSchema.optional() });

const listRevisionsSchema = {
  operationId: 'listRevisions',
  tags: ['books'],
  summary: 'The manuscript’s saved revisions, newest first',
  params: BookParamsSchema,
  response: { 200: z.array(RevisionSummarySchema) },
};

const saveRevisionSchema = {
  operationId: 'saveRevision',
  tags: ['books'],
  summary:
    'Save a version for good, with an optional name: the current manuscript, or the bookContent sent (the manuscript is then left as it is)',
  params: BookParamsSchema,
  body: SaveRevisionBodySchema,
  response: { 201: RevisionSchema },
};

const getRevisionSchema = {
  operationId: 'getRevision',
  tags: ['books'],
  summary: 'One revision with its text (tiptap JSON)',
  params: RevisionParamsSchema,
  response: { 200: RevisionSchema },
};

const restoreRevisionSchema = {
  operationId: 'restoreRevision',
  tags: ['books'],
  summary:
    'Make a revision the manuscript again (the manuscript it replaces is kept as a revision first, so it can be undone)',
  params: RevisionParamsSchema,
  response: { 200: BookSchema },
};

/**
 * GET /book/{id}/revisions, POST /book/{id}/revisions, GET /book/{id}/revisions/{revisionId},
 * POST …/{revisionId}/restore.
 */
export function revisionRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn, manuscriptBody } = routePresets(deps);

  async function listRevisions(request: RouteRequest<typeof listRevisionsSchema>) {
    const { bookId } = request.params;
    const { revisions } = await ask(request, requests.book.listRevisions, { userId: request.userId, bookId });
    return revisions;
  }

  async function saveRevision(
    request: RouteRequest<typeof saveRevisionSchema>,
    reply: RouteReply<typeof saveRevisionSchema>,
  ) {
    const revision = await ask(request, requests.book.saveRevision, {
      userId: request.userId,
      bookId: request.params.bookId,
      ...request.body,
    });
    return reply.status(201).send(revision);
  }

  async function getRevision(request: RouteRequest<typeof getRevisionSchema>) {
    return ask(request, requests.book.getRevision, { userId: request.userId, ...request.params });
  }

  async function restoreRevision(request: RouteRequest<typeof restoreRevisionSchema>) {
    return ask(request, requests.book.restoreRevision, { userId: request.userId, ...request.params });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book/:bookId/revisions', { schema: listRevisionsSchema, ...signedIn }, listRevisions);
    app.post('/book/:bookId/revisions', { schema: saveRevisionSchema, ...signedIn, ...manuscriptBody }, saveRevision);
    app.get('/book/:bookId/revisions/:revisionId', { schema: getRevisionSchema, ...signedIn }, getRevision);
    app.post(
      '/book/:bookId/revisions/:revisionId/restore',
      { schema: restoreRevisionSchema, ...signedIn },
      restoreRevision,
    );
  };
}

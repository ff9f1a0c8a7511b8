import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  apiMessages,
  BookParamsSchema,
  collabDocumentName,
  collabPath,
  collabReadOnly,
  CollabTokenSchema,
  collabTokenTtlMs,
  type CollabTokenClaims,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { signClaims } from '@bookwright/kit';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const createCollabTokenSchema = {
  operationId: 'createCollabToken',
  tags: ['books'],
  summary: "A short-lived token to open the book's live document (WebSocket /collab)",
  description:
    'For anyone who may read the book (404 otherwise): the token names the person, the book and their role, and is good for 5 minutes. Connect a HocuspocusProvider to `url` with `documentName` and this token; before expiresAt the server asks for a fresh one on the open socket (the provider calls its token function again: no reconnect). Viewers and commenters get a read-only connection.',
  params: BookParamsSchema,
  response: { 200: CollabTokenSchema },
};

/** Live books (decision 0043): the gateway signs who may open a book's live document; the collab service checks it. */
export function collabRoutes(deps: RouteDeps) {
  const { ask, config } = deps;
  const { signedIn } = routePresets(deps);

  async function createCollabToken(
    request: RouteRequest<typeof createCollabTokenSchema>,
    reply: RouteReply<typeof createCollabTokenSchema>,
  ) {
    const { bookId } = request.params;
    const secret = config.COLLAB_TOKEN_SECRET;
    if (!secret) throw new AppError(503, apiMessages.unavailable);
    // The book service's one rule: 404 without a role, as for an unknown book.
    const { role } = await ask(request, requests.book.access, { userId: request.userId, bookId, action: 'read' });
    const exp = Date.now() + collabTokenTtlMs;
    const claims: CollabTokenClaims = { userId: request.userId, bookId, role, exp };
    return reply.header('cache-control', 'no-store').send({
      token: signClaims(secret, claims),
      expiresAt: new Date(exp).toISOString(),
      role,
      readOnly: collabReadOnly(role),
      url: collabPath,
      documentName: collabDocumentName(bookId),
    });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/book/:bookId/collab-token', { schema: createCollabTokenSchema, ...signedIn }, createCollabToken);
  };
}

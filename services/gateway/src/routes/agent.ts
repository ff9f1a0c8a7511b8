import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookParamsSchema, BookSchema, PlanRequestSchema } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const planBookSchema = {
  operationId: 'planBook',
  tags: ['agent'],
  summary: 'Plan a new book (uses one book of the monthly allowance)',
  body: PlanRequestSchema.extend({
    workspaceId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("Create it in this team workspace (one you belong to): it is the workspace's, paid from its pool"),
  }),
  response: { 201: BookSchema },
};

const confirmBookSchema = {
  operationId: 'confirmBook',
  tags: ['agent'],
  summary: 'Confirm the structure and start writing',
  params: BookParamsSchema,
  response: { 200: BookSchema },
};

/** POST /agent/plan and PATCH /agent/write/{id}: the two steps that start AI work. */
export function agentRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn, generationLimit } = routePresets(deps);

  async function planBook(request: RouteRequest<typeof planBookSchema>, reply: RouteReply<typeof planBookSchema>) {
    const { workspaceId, ...plan } = request.body;
    const book = await ask(request, requests.book.create, {
      userId: request.userId,
      plan,
      requestId: request.id,
      ...(workspaceId ? { workspaceId } : {}),
    });
    return reply.status(201).send(book);
  }

  async function confirmBook(request: RouteRequest<typeof confirmBookSchema>) {
    return ask(request, requests.book.confirm, { userId: request.userId, bookId: request.params.bookId });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/agent/plan', { schema: planBookSchema, ...signedIn, ...generationLimit }, planBook);
    app.patch('/agent/write/:bookId', { schema: confirmBookSchema, ...signedIn, ...generationLimit }, confirmBook);
  };
}

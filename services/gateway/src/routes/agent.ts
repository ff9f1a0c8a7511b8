import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookParamsSchema, BookSchema, PlanRequestSchema, requests } from '@bookwright/contracts';
import { rateLimitPresets } from '../security/rate-limit-presets';
import type { RouteDeps } from './route-deps';

/** POST /agent/plan and PATCH /agent/write/{id}: the two steps that start AI work. */
export function agentRoutes(deps: RouteDeps) {
  const { ask, sessions, config } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', sessions.requireSession);
    const perUser = rateLimitPresets(config).generation;

    app.post(
      '/agent/plan',
      {
        config: perUser,
        schema: {
          operationId: 'planBook',
          tags: ['agent'],
          summary: 'Plan a new book (uses one book of the monthly allowance)',
          body: PlanRequestSchema,
          response: { 201: BookSchema },
        },
      },
      async (request, reply) => {
        const book = await ask(request, requests.book.create, {
          userId: request.userId,
          plan: request.body,
          requestId: request.id,
        });
        return reply.status(201).send(book);
      },
    );

    app.patch(
      '/agent/write/:bookId',
      {
        config: perUser,
        schema: {
          operationId: 'confirmBook',
          tags: ['agent'],
          summary: 'Confirm the structure and start writing',
          params: BookParamsSchema,
          response: { 200: BookSchema },
        },
      },
      async (request) => ask(request, requests.book.confirm, { userId: request.userId, bookId: request.params.bookId }),
    );
  };
}

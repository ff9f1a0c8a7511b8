import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookParamsSchema, BookSchema, PlanRequestSchema, requests } from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';

/** POST /agent/plan and PATCH /agent/write/{id}: the two steps that start AI work. */
export function agentRoutes(deps: RouteDeps) {
  const { bus, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', sessions.requireSession);
    const perUser = {
      rateLimit: {
        max: config.GENERATION_RATE_LIMIT_PER_USER,
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        // Runs before the session is resolved, so key by the session cookie (one per signed-in browser) or IP.
        keyGenerator: (request: { cookies: Record<string, string | undefined>; ip: string }) =>
          request.cookies.sid ?? request.ip,
      },
    };

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
        const book = await bus.request(
          requests.book.create,
          { userId: request.session!.userId, plan: request.body, requestId: request.id },
          { requestId: request.id, timeoutMs },
        );
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
      async (request) =>
        bus.request(
          requests.book.confirm,
          { userId: request.session!.userId, bookId: request.params.bookId },
          { requestId: request.id, timeoutMs },
        ),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutRequestSchema, CheckoutResponseSchema, InvoiceSchema, requests } from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';

/** POST /payment and GET /payment/invoices (spec §7). */
export function paymentRoutes(deps: RouteDeps) {
  const { bus, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', sessions.requireSession);

    app.post(
      '/payment',
      {
        schema: {
          tags: ['billing'],
          summary: 'Start paying for a plan; answers the URL to open',
          body: CheckoutRequestSchema,
          response: { 200: CheckoutResponseSchema },
        },
      },
      async (request) =>
        bus.request(
          requests.billing.startCheckout,
          { userId: request.session!.userId, checkout: request.body },
          { requestId: request.id, timeoutMs },
        ),
    );

    app.get(
      '/payment/invoices',
      {
        schema: {
          tags: ['billing'],
          summary: "The user's invoices",
          response: { 200: z.object({ invoices: z.array(InvoiceSchema) }) },
        },
      },
      async (request) =>
        bus.request(
          requests.billing.listInvoices,
          { userId: request.session!.userId },
          { requestId: request.id, timeoutMs },
        ),
    );
  };
}

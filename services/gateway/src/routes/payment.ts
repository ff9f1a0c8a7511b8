import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  BillingDetailsRequestSchema,
  billingMessages,
  CheckoutRequestSchema,
  InvoicesResponseSchema,
  MessageSchema,
  PaymentUrlResponseSchema,
  PlanPricesResponseSchema,
  PlanSwitchPreviewRequestSchema,
  PlanSwitchPreviewSchema,
  requests,
  SalesEnquirySchema,
  UserSchema,
} from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';

/** The payment provider's webhook; exempt from CSRF (it is signed instead) and from sessions. */
export const paymentWebhookPath = '/payment/webhook';

/**
 * POST /payment, /payment/update, GET /payment/invoices and /payment/plans, and the webhook (spec §7);
 * POST /payment/cancel and /payment/keep-plan (a cancellation at period end, and its undo); POST
 * /payment/preview (a plan switch's price, before it happens), PATCH /payment/billing-details (the SDI
 * code) and the public POST /contact-sales (an Enterprise enquiry, mailed to sales).
 */
export function paymentRoutes(deps: RouteDeps) {
  const { ask, sessions } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/payment/plans',
      {
        schema: {
          operationId: 'listPlans',
          tags: ['billing'],
          summary: 'The monthly price of each plan and who takes the payment (public)',
          response: { 200: PlanPricesResponseSchema },
        },
      },
      async (request) => ({
        data: await ask(request, requests.billing.getPlans, {}),
      }),
    );

    app.post(
      '/contact-sales',
      {
        // The same per-IP throttle as the other public forms that send mail.
        preHandler: deps.authThrottle.guard,
        schema: {
          operationId: 'contactSales',
          tags: ['billing'],
          summary: 'Mail an Enterprise enquiry to sales (public)',
          body: SalesEnquirySchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => ask(request, requests.user.sendSalesEnquiry, request.body),
    );

    await app.register(async (webhook) => {
      // Stripe signs the exact bytes it sent: keep the body as text here, and here only.
      webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        done(null, body);
      });
      webhook.withTypeProvider<ZodTypeProvider>().post(
        paymentWebhookPath,
        {
          schema: {
            operationId: 'handleBillingWebhook',
            tags: ['billing'],
            summary: "The payment provider's webhook (signed; no session, no CSRF token)",
            response: { 200: z.object({ received: z.literal(true) }), 400: MessageSchema },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          if (typeof signature !== 'string' || typeof request.body !== 'string')
            throw new AppError(400, billingMessages.badWebhookSignature);
          await ask(request, requests.billing.handleWebhook, { payload: request.body, signature });
          return { received: true as const };
        },
      );
    });

    await app.register(async (signedIn) => {
      const api = signedIn.withTypeProvider<ZodTypeProvider>();
      api.addHook('preHandler', sessions.requireSession);

      api.post(
        '/payment',
        {
          schema: {
            operationId: 'startCheckout',
            tags: ['billing'],
            summary: 'Start paying for a plan, or switch plans; answers the URL to open',
            body: CheckoutRequestSchema,
            response: { 200: PaymentUrlResponseSchema },
          },
        },
        async (request) => ({
          data: await ask(request, requests.billing.startCheckout, { userId: request.userId, checkout: request.body }),
        }),
      );

      api.post(
        '/payment/preview',
        {
          schema: {
            operationId: 'previewPlanSwitch',
            tags: ['billing'],
            summary: 'What switching to another plan costs now and monthly, before it happens',
            body: PlanSwitchPreviewRequestSchema,
            response: { 200: z.object({ data: PlanSwitchPreviewSchema }), 409: MessageSchema },
          },
        },
        async (request) => ({
          data: await ask(request, requests.billing.previewSwitch, {
            userId: request.userId,
            accountType: request.body.accountType,
          }),
        }),
      );

      api.patch(
        '/payment/billing-details',
        {
          schema: {
            operationId: 'updateBillingDetails',
            tags: ['billing'],
            summary: 'Set the Italian SDI code printed on invoices; answers the User',
            body: BillingDetailsRequestSchema,
            response: { 200: UserSchema },
          },
        },
        async (request) => {
          const userId = request.userId;
          const billing = await ask(request, requests.billing.setBillingDetails, { userId, sdi: request.body.sdi });
          const profile = await ask(request, requests.user.getProfile, { userId });
          return { ...profile, ...billing };
        },
      );

      api.post(
        '/payment/update',
        {
          schema: {
            operationId: 'openBillingPortal',
            tags: ['billing'],
            summary: "Open the payment provider's billing portal; answers the URL to open",
            response: { 200: PaymentUrlResponseSchema, 400: MessageSchema },
          },
        },
        async (request) => ({
          data: await ask(request, requests.billing.openPortal, { userId: request.userId }),
        }),
      );

      // Both answer the User as it is now: the billing half from billing's answer to the change itself, so
      // the author sees the click's result even before the event reaches this replica's read model.
      for (const [path, operationId, def, summary] of [
        [
          '/payment/cancel',
          'cancelPlan',
          requests.billing.cancelAtPeriodEnd,
          'Cancel the plan at the end of its period',
        ],
        [
          '/payment/keep-plan',
          'keepPlan',
          requests.billing.keepPlan,
          'Keep the plan: undo a cancellation at period end',
        ],
      ] as const) {
        api.post(
          path,
          { schema: { operationId, tags: ['billing'], summary, response: { 200: UserSchema, 409: MessageSchema } } },
          async (request) => {
            const userId = request.userId;
            const billing = await ask(request, def, { userId });
            const profile = await ask(request, requests.user.getProfile, { userId });
            return { ...profile, ...billing };
          },
        );
      }

      api.get(
        '/payment/invoices',
        {
          schema: {
            operationId: 'listInvoices',
            tags: ['billing'],
            summary: "The user's invoices, newest first",
            response: { 200: InvoicesResponseSchema },
          },
        },
        async (request) => {
          const { invoices } = await ask(request, requests.billing.listInvoices, { userId: request.userId });
          return { data: invoices };
        },
      );
    });
  };
}

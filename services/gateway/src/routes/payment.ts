import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  InvoicesResponseSchema,
  MessageSchema,
  PaymentUrlResponseSchema,
  PlanPricesResponseSchema,
  UserSchema,
} from '@bookwright/contracts/http';
import {
  BillingDetailsRequestSchema,
  billingMessages,
  CheckoutRequestSchema,
  PlanSwitchPreviewRequestSchema,
  PlanSwitchPreviewSchema,
  requests,
  SalesEnquirySchema,
} from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteRequest } from './route-deps';

/** The payment provider's webhook; exempt from CSRF (it is signed instead) and from sessions. */
export const paymentWebhookPath = '/payment/webhook';

const listPlansSchema = {
  operationId: 'listPlans',
  tags: ['billing'],
  summary: 'The monthly price of each plan and who takes the payment (public)',
  response: { 200: PlanPricesResponseSchema },
};

const contactSalesSchema = {
  operationId: 'contactSales',
  tags: ['billing'],
  summary: 'Mail an Enterprise enquiry to sales (public)',
  body: SalesEnquirySchema,
  response: { 200: MessageSchema },
};

const handleBillingWebhookSchema = {
  operationId: 'handleBillingWebhook',
  tags: ['billing'],
  summary: "The payment provider's webhook (signed; no session, no CSRF token)",
  response: { 200: z.object({ received: z.literal(true) }), 400: MessageSchema },
};

const startCheckoutSchema = {
  operationId: 'startCheckout',
  tags: ['billing'],
  summary: 'Start paying for a plan, or switch plans; answers the URL to open',
  body: CheckoutRequestSchema,
  response: { 200: PaymentUrlResponseSchema },
};

const previewPlanSwitchSchema = {
  operationId: 'previewPlanSwitch',
  tags: ['billing'],
  summary: 'What switching to another plan costs now and monthly, before it happens',
  body: PlanSwitchPreviewRequestSchema,
  response: { 200: z.object({ data: PlanSwitchPreviewSchema }), 409: MessageSchema },
};

const updateBillingDetailsSchema = {
  operationId: 'updateBillingDetails',
  tags: ['billing'],
  summary: 'Set the Italian SDI code printed on invoices; answers the User',
  body: BillingDetailsRequestSchema,
  response: { 200: UserSchema },
};

const openBillingPortalSchema = {
  operationId: 'openBillingPortal',
  tags: ['billing'],
  summary: "Open the payment provider's billing portal; answers the URL to open",
  response: { 200: PaymentUrlResponseSchema, 400: MessageSchema },
};

const cancelPlanSchema = {
  operationId: 'cancelPlan',
  tags: ['billing'],
  summary: 'Cancel the plan at the end of its period',
  response: { 200: UserSchema, 409: MessageSchema },
};

const keepPlanSchema = {
  operationId: 'keepPlan',
  tags: ['billing'],
  summary: 'Keep the plan: undo a cancellation at period end',
  response: { 200: UserSchema, 409: MessageSchema },
};

const listInvoicesSchema = {
  operationId: 'listInvoices',
  tags: ['billing'],
  summary: "The user's invoices, newest first",
  response: { 200: InvoicesResponseSchema },
};

/**
 * POST /payment, /payment/update, GET /payment/invoices and /payment/plans, and the webhook (spec §7);
 * POST /payment/cancel and /payment/keep-plan (a cancellation at period end, and its undo); POST
 * /payment/preview (a plan switch's price, before it happens), PATCH /payment/billing-details (the SDI
 * code) and the public POST /contact-sales (an Enterprise enquiry, mailed to sales).
 */
export function paymentRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn, authThrottled, webhookBody } = routePresets(deps);

  async function listPlans(request: RouteRequest<typeof listPlansSchema>) {
    return { data: await ask(request, requests.billing.getPlans, {}) };
  }

  async function contactSales(request: RouteRequest<typeof contactSalesSchema>) {
    return ask(request, requests.user.sendSalesEnquiry, request.body);
  }

  async function handleBillingWebhook(request: RouteRequest<typeof handleBillingWebhookSchema>) {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || typeof request.body !== 'string')
      throw new AppError(400, billingMessages.badWebhookSignature);
    await ask(request, requests.billing.handleWebhook, { payload: request.body, signature });
    return { received: true as const };
  }

  async function startCheckout(request: RouteRequest<typeof startCheckoutSchema>) {
    return {
      data: await ask(request, requests.billing.startCheckout, { userId: request.userId, checkout: request.body }),
    };
  }

  async function previewPlanSwitch(request: RouteRequest<typeof previewPlanSwitchSchema>) {
    return {
      data: await ask(request, requests.billing.previewSwitch, {
        userId: request.userId,
        accountType: request.body.accountType,
      }),
    };
  }

  async function updateBillingDetails(request: RouteRequest<typeof updateBillingDetailsSchema>) {
    const userId = request.userId;
    const billing = await ask(request, requests.billing.setBillingDetails, { userId, sdi: request.body.sdi });
    const profile = await ask(request, requests.user.getProfile, { userId });
    return { ...profile, ...billing };
  }

  async function openBillingPortal(request: RouteRequest<typeof openBillingPortalSchema>) {
    return { data: await ask(request, requests.billing.openPortal, { userId: request.userId }) };
  }

  /**
   * The User as it is after a change of plan: the billing half from billing's answer to the change itself,
   * so the author sees the click's result even before the event reaches this replica's read model.
   */
  const userAfter =
    (change: typeof requests.billing.cancelAtPeriodEnd | typeof requests.billing.keepPlan) =>
    async (request: RouteRequest<typeof cancelPlanSchema>) => {
      const userId = request.userId;
      const billing = await ask(request, change, { userId });
      const profile = await ask(request, requests.user.getProfile, { userId });
      return { ...profile, ...billing };
    };
  const cancelPlan = userAfter(requests.billing.cancelAtPeriodEnd);
  const keepPlan = userAfter(requests.billing.keepPlan);

  async function listInvoices(request: RouteRequest<typeof listInvoicesSchema>) {
    const { invoices } = await ask(request, requests.billing.listInvoices, { userId: request.userId });
    return { data: invoices };
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/payment/plans', { schema: listPlansSchema }, listPlans);
    // The same per-IP throttle as the other public forms that send mail.
    app.post('/contact-sales', { schema: contactSalesSchema, ...authThrottled }, contactSales);
    await app.register(async (webhook) => {
      // Stripe signs the exact bytes it sent: keep the body as text here, and here only.
      webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        done(null, body);
      });
      webhook
        .withTypeProvider<ZodTypeProvider>()
        .post(paymentWebhookPath, { schema: handleBillingWebhookSchema, ...webhookBody }, handleBillingWebhook);
    });
    app.post('/payment', { schema: startCheckoutSchema, ...signedIn }, startCheckout);
    app.post('/payment/preview', { schema: previewPlanSwitchSchema, ...signedIn }, previewPlanSwitch);
    app.patch('/payment/billing-details', { schema: updateBillingDetailsSchema, ...signedIn }, updateBillingDetails);
    app.post('/payment/update', { schema: openBillingPortalSchema, ...signedIn }, openBillingPortal);
    app.post('/payment/cancel', { schema: cancelPlanSchema, ...signedIn }, cancelPlan);
    app.post('/payment/keep-plan', { schema: keepPlanSchema, ...signedIn }, keepPlan);
    app.get('/payment/invoices', { schema: listInvoicesSchema, ...signedIn }, listInvoices);
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, type Invoice, type PlanPrices } from '@bookwright/contracts/bus';
import { type User } from '@bookwright/contracts/http';
import { startStripeServer, type StripeServer } from '@bookwright/billing/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

const webhookSecret = 'whsec_api_test';
const prices = { starter: 'price_api_starter', professional: 'price_api_professional' };

async function signedUp(system: TestSystem): Promise<{ client: HttpClient; userId: string }> {
  const client = system.client();
  expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
  const me = await client.get<User>('/api/v1/user/current-user');
  return { client, userId: me.body._id };
}

describe('payments with Stripe, over HTTP', () => {
  let stripe: StripeServer;
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    stripe = await startStripeServer({
      webhookSecret,
      prices: { [prices.starter]: 2500, [prices.professional]: 6500 },
    });
    system = await startTestSystem({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_api',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_STARTER: prices.starter,
      STRIPE_PRICE_PROFESSIONAL: prices.professional,
      STRIPE_API_URL: stripe.url,
      PRICE_STARTER_EUR: '25',
      PRICE_PROFESSIONAL_EUR: '65',
    });
  });
  afterAll(async () => {
    await system?.stop();
    await stripe?.stop();
  });

  /** Posts a webhook as Stripe does: raw JSON, its signature, no cookie and no CSRF token. */
  const webhook = (delivery: { payload: string; signature?: string }) =>
    fetch(new URL('/api/v1/payment/webhook', system.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(delivery.signature ? { 'stripe-signature': delivery.signature } : {}),
      },
      body: delivery.payload,
    });

  it('answers the configured prices to anyone', async () => {
    const plans = await system.client().get<{ data: PlanPrices }>('/api/v1/payment/plans');
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual({
      data: {
        provider: 'stripe',
        currency: 'eur',
        plans: [
          { accountType: 'starter', amount: 25, label: 'Starter' },
          { accountType: 'professional', amount: 65, label: 'Professional' },
        ],
      },
    });
  });

  it('goes from Checkout through the signed webhook to an active plan, a failed renewal and a plan change', async () => {
    const { client, userId } = await signedUp(system);
    const checkout = await client.post<{ data: { url: string } }>('/api/v1/payment', {
      accountType: 'starter',
      currency: 'eur',
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.data.url).toMatch(`${stripe.url}/checkout/cs_`);
    const sessionId = checkout.body.data.url.split('/').pop()!;
    expect(stripe.checkoutSessions.get(sessionId)).toMatchObject({ client_reference_id: userId, mode: 'subscription' });

    const paid = stripe.completeCheckout(sessionId);
    const completed = stripe.event('checkout.session.completed', paid.session);
    const answer = await webhook(completed);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    // Redelivered: accepted, and changes nothing.
    expect((await webhook(completed)).status).toBe(200);

    const me = (await client.get<User>('/api/v1/user/current-user')).body;
    expect(me).toMatchObject({
      accountType: 'starter',
      subscriptionStatus: 'active',
      booksLeftThisMonth: 10,
      stripeSubscriptionId: paid.subscription.id,
    });

    const invoices = await client.get<{ data: Invoice[] }>('/api/v1/payment/invoices');
    expect(invoices.status).toBe(200);
    expect(invoices.body.data).toEqual([expect.objectContaining({ amount: 25, status: 'paid' })]);

    const portal = await client.post<{ data: { url: string } }>('/api/v1/payment/update');
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(`${stripe.url}/portal/`);

    const failed = stripe.renew(paid.subscription.id as string, 'failed');
    expect((await webhook(stripe.event('invoice.payment_failed', failed.invoice))).status).toBe(200);
    expect((await client.get<User>('/api/v1/user/current-user')).body.subscriptionStatus).toBe('past_due');

    stripe.payInvoice(failed.invoice.id as string);
    const change = await client.post<{ data: { url: string } }>('/api/v1/payment', {
      accountType: 'professional',
      currency: 'eur',
    });
    expect(change.body.data.url).toBe('/app/settings?tab=billing');
    expect((await client.get<User>('/api/v1/user/current-user')).body).toMatchObject({
      accountType: 'professional',
      subscriptionStatus: 'active',
      booksLeftThisMonth: null,
    });
  });

  it('refuses a webhook with a bad or missing signature with 400 and a msg', async () => {
    const { client } = await signedUp(system);
    const checkout = await client.post<{ data: { url: string } }>('/api/v1/payment', { accountType: 'starter' });
    const paid = stripe.completeCheckout(checkout.body.data.url.split('/').pop()!);
    const event = stripe.event('checkout.session.completed', paid.session);

    const forged = await webhook({
      payload: event.payload.replace('"livemode":false', '"livemode":true'),
      signature: event.signature,
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ msg: billingMessages.badWebhookSignature });
    const unsigned = await webhook({ payload: event.payload });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ msg: billingMessages.badWebhookSignature });
    expect((await client.get<User>('/api/v1/user/current-user')).body.accountType).toBe('null');
  });
});

describe('payments with the local provider, over HTTP', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('activates at once, has no portal and no invoices, and takes no webhooks', async () => {
    expect((await system.client().get<{ data: PlanPrices }>('/api/v1/payment/plans')).body.data).toMatchObject({
      provider: 'local',
      plans: [{ amount: 30 }, { amount: 70 }],
    });
    const { client } = await signedUp(system);
    const checkout = await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    expect(checkout.body).toMatchObject({ data: { url: '/app/success', provider: 'local' } });
    const portal = await client.post('/api/v1/payment/update');
    expect(portal.status).toBe(400);
    expect(portal.body).toEqual({ msg: billingMessages.noPortalForLocalPlans });
    expect((await client.get('/api/v1/payment/invoices')).body).toEqual({ data: [] });
    const hook = await fetch(new URL('/api/v1/payment/webhook', system.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(hook.status).toBe(404);
    // A session is required for everything but the prices.
    expect((await system.client().post('/api/v1/payment/update')).status).toBe(401);
  });
});
